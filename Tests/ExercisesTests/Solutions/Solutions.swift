/// The exercises' solutions, in a namespace of their own: a learner who writes `TagTally` or
/// `WordCountScreen` beside them, as docs/Exercises.md asks, gets no clash with these, and
/// `swift test --filter ExercisesTests.Exercise1` runs the start alone (the solution's suite is
/// `ExercisesTests.Solutions.Exercise1`).
enum Solutions {}
