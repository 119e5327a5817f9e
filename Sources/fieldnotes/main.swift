import FieldNotesApp

print(FieldNotesApp.banner)
