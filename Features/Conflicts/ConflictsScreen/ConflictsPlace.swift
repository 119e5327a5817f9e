/// The place of the conflict inbox: the conflicts screen's own navigation key.
///
/// Only this feature opens it, so it is declared here rather than as a case of Core's `Route`,
/// and only this module makes one (its initializer is the implicit, internal one); it travels as
/// `Route.feature(ConflictsPlace())`.
public struct ConflictsPlace: Hashable, Sendable {}
