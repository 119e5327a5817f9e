/// The FieldNotes application: composition root and REPL.
public enum FieldNotesApp {
  /// The one-line greeting shown when FieldNotes starts.
  public static let banner = "FieldNotes 0.1 — a notes app built as an MVVM architecture showcase."
}
