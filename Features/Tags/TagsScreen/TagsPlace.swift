/// The place of every tag, with its note count: the tags screen's own navigation key.
///
/// Only this feature opens it, so it is declared here rather than as a case of Core's `Route`,
/// and only this module makes one (its initializer is the implicit, internal one); it travels as
/// `Route.feature(TagsPlace())`.
public struct TagsPlace: Hashable, Sendable {}
