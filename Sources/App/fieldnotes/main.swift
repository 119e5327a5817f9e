import FieldNotesApp
import Foundation

// Each argument as it came, or `nil` when it isn't UTF-8 text (`CommandLine.arguments` would
// replace its bytes, and a title saved so would have lost them).
let arguments = (1..<Int(CommandLine.argc)).map { index in
  CommandLine.unsafeArgv[index].flatMap { String(validatingCString: $0) }
}
let status = await FieldNotesApp.run(
  arguments: arguments, environment: ProcessInfo.processInfo.environment)
exit(status)
