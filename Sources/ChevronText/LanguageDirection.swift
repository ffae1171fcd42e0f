extension TextDirection {
    /// Right to left for a language written right to left (`LanguageDirection.isRightToLeft`);
    /// nil for any other, whose layout follows its text. iOS lays a whole bar out in the
    /// direction of the app's language (`UIView.userInterfaceLayoutDirection`), whatever text a
    /// button shows: a generic "Back" in an Arabic app still has its chevron on the right.
    public static func of(language tag: String) -> TextDirection? {
        LanguageDirection.isRightToLeft(tag) ? .rtl : nil
    }
}
