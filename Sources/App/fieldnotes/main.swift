import FieldNotesApp
import Foundation

let status = await FieldNotesApp.run(
  arguments: Array(CommandLine.arguments.dropFirst()),
  environment: ProcessInfo.processInfo.environment)
exit(status)
