//! How a move is laid out in print: the [`Style`] a writer is given, and the forms and
//! knight letters it chooses between. A leaf: the dialect modules and the writers import it.

/// The English knight letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum KnightLetter {
    /// `Kt`, as in books before about 1945.
    #[default]
    Kt,
    /// `N`, the modern letter.
    N,
}

/// How a move is laid out in print. Only English descriptive has several forms; other
/// dialects use `Compact` and ignore the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Form {
    /// `Kt-KB3`, `PxP`, `P-K8=Q`.
    #[default]
    Compact,
    /// Capablanca's `Kt - K B 3`, `P x P`.
    Spaced,
    /// The 19th-century `K. Kt. to K. B's 3d.`
    LongHand,
}

/// Surface choices of a writer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Style {
    /// Layout.
    pub form: Form,
    /// English knight letter.
    pub knight: KnightLetter,
}
