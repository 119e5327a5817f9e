import FieldNotesModel
import FieldNotesServices
import Foundation

/// The sample notebooks and notes of `fieldnotes --demo`, dated relative to now.
enum DemoLibrary {
  static func make(now: Date, ids: IDGenerator) -> NoteLibrary {
    let birds = Notebook(id: ids(), name: "Birds", symbolName: "bird")
    let plants = Notebook(id: ids(), name: "Plants", symbolName: "leaf")
    let trips = Notebook(id: ids(), name: "Field trips", symbolName: "map")
    func minutesAgo(_ minutes: Double) -> Date { now.addingTimeInterval(-minutes * 60) }
    let notes = [
      Note(
        id: ids(), title: "Heron at the lake",
        body:
          "A grey heron stood in the shallows for twenty minutes, still as a post.\nIt caught two small fish.",
        createdAt: minutesAgo(3 * 24 * 60), notebookID: birds.id, tags: ["birds", "lake"],
        isPinned: true),
      Note(
        id: ids(), title: "Kingfisher under the bridge",
        body: "A flash of blue, low over the water, then gone downstream.",
        createdAt: minutesAgo(26 * 60), notebookID: birds.id, tags: ["birds", "river"]),
      Note(
        id: ids(), title: "Wren in the hedge", body: "Loud for its size. Nesting, probably.",
        createdAt: minutesAgo(45), notebookID: birds.id, tags: ["birds", "garden"]),
      Note(
        id: ids(), title: "Moss on the north wall",
        body: "Thick and bright after the rain; three kinds at least.",
        createdAt: minutesAgo(5 * 24 * 60), notebookID: plants.id, tags: ["plants", "moss"]),
      Note(
        id: ids(), title: "Wild garlic by the stream",
        body: "Flowering early this year. The smell carries across the path.",
        createdAt: minutesAgo(2 * 60), notebookID: plants.id, tags: ["plants", "river"]),
      Note(
        id: ids(), title: "Estuary walk, Saturday",
        body: "Meet at the car park at eight. Bring the scope and waterproofs.",
        createdAt: minutesAgo(12 * 24 * 60), notebookID: trips.id, tags: ["plans"], isPinned: true),
      Note(
        id: ids(), title: "Field kit", body: "Binoculars, hand lens, pencil, notebook, flask.",
        createdAt: minutesAgo(20 * 24 * 60), tags: ["kit"]),
    ]
    return NoteLibrary(notebooks: [birds, plants, trips], notes: notes)
  }
}
