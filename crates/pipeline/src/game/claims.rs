//! The claim check: every byte range of a game's movetext is claimed by exactly one owner
//! (a move of the main line, a variation, a comment with its reason, a skipped span with its
//! reason, or book furniture) as the text is read, and the claims are checked when the game
//! is done, in every build.
//!
//! The [`Ledger`] is filled by the game's builder token by token, with the owner each
//! token (or run of text) was given. [`Ledger::check`] then walks the claims and the
//! movetext's tokens once: a token that no claim covers (a gap), a byte that two claims
//! cover (an overlap), and a move token that went into a comment or a skipped span without
//! a warning there are each a [`Breach`]. The game turns each breach into a warning that
//! names the range, and a game with one is not `complete`.

use escriba_notation::{Dialect, Token, TokenKind, movetext};

/// True for the tokens the accounting counts: moves and unread words.
pub fn is_move_token(kind: &TokenKind) -> bool {
    matches!(kind, TokenKind::Move(_) | TokenKind::Unknown)
}

/// The move tokens among `tokens` (read from `text` in `dialect`), counting those inside
/// a `{` comment that is never closed, which the tokenizer runs to the end of the text,
/// and the moves a `;` comment hides ([`semicolon_moves`]).
pub fn count_move_tokens(dialect: Dialect, text: &str, tokens: &[Token]) -> u64 {
    tokens
        .iter()
        .map(|t| match t.kind {
            TokenKind::Comment { text: inner } if unclosed_brace(text, t) => {
                let inner = &text[inner.range()];
                count_move_tokens(dialect, inner, &movetext::tokenize(dialect, inner))
            }
            TokenKind::Comment { .. } => semicolon_moves(dialect, text, t),
            ref k => u64::from(is_move_token(k)),
        })
        .sum()
}

/// The words that read as moves in a `;` comment (PGN's comment to the end of the line):
/// moves the comment hides from the game. 0 for any other token.
pub fn semicolon_moves(dialect: Dialect, text: &str, t: &Token) -> u64 {
    match t.kind {
        TokenKind::Comment { text: inner } if text[t.span.range()].starts_with(';') => {
            movetext::tokenize(dialect, &text[inner.range()])
                .iter()
                .filter(|t| matches!(t.kind, TokenKind::Move(_)))
                .count() as u64
        }
        _ => 0,
    }
}

/// True for a `{` comment that never closes (the tokenizer runs it to the end).
pub(crate) fn unclosed_brace(text: &str, t: &Token) -> bool {
    matches!(t.kind, TokenKind::Comment { .. })
        && text[t.span.range()].starts_with('{')
        && !text[t.span.range()].ends_with('}')
}

/// Why text went into a comment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CommentReason {
    /// The book's own comment (`{…}`, `(best)`): the author's words, not the game.
    Note,
    /// A `;` comment, which runs to the end of its line.
    Semicolon,
    /// A `{` never closed, which runs to the end of the game.
    UnclosedBrace,
    /// A variation that does not replay: analysis, kept as printed.
    Variation,
    /// A `(` never closed: the text after it.
    UnclosedParen,
    /// A `)` that closes nothing.
    UnmatchedParen,
    /// Text after the result (of the game, or of a variation).
    AfterResult,
    /// The text from the token where transcription stopped.
    Untranscribed,
}

/// Why text was passed over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SkipReason {
    /// Words no reading takes as moves, between moves that replay without them.
    Unread,
}

/// Who holds a range of the movetext.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    /// The main line: its moves, move numbers, NAGs, marks and result.
    MainLine,
    /// A variation written as a PGN variation: its moves, numbers, NAGs and parentheses.
    Variation,
    /// A comment, with its reason.
    Comment(CommentReason),
    /// Text passed over, with its reason.
    Skipped(SkipReason),
    /// Book furniture: page marks, footnote marks.
    Furniture,
}

impl Owner {
    /// True when a move token held here is not a move of the game's record: it must be
    /// flagged where it stands.
    pub fn loses_moves(self) -> bool {
        matches!(self, Owner::Comment(r) if r != CommentReason::Note)
            || matches!(self, Owner::Skipped(_))
    }

    /// True when move tokens held here are moves of the game that its record lacks, so
    /// that the game is not `complete`: text a `;` hid, and text after a failure or an
    /// unclosed `{`. A note's or a variation's analysis, text after the result and words
    /// passed over between moves that replay without them are not the game's moves.
    pub fn holds_game_moves(self) -> bool {
        matches!(
            self,
            Owner::Comment(
                CommentReason::Semicolon
                    | CommentReason::UnclosedBrace
                    | CommentReason::UnclosedParen
                    | CommentReason::Untranscribed
            )
        )
    }

    /// A short name, for warnings.
    pub fn name(self) -> &'static str {
        match self {
            Owner::MainLine => "the main line",
            Owner::Variation => "a variation",
            Owner::Comment(CommentReason::Note) => "a note",
            Owner::Comment(CommentReason::Semicolon) => "a `;` comment",
            Owner::Comment(CommentReason::UnclosedBrace) => "an unclosed `{`",
            Owner::Comment(CommentReason::Variation) => "a variation kept in a comment",
            Owner::Comment(CommentReason::UnclosedParen) => "an unclosed `(`",
            Owner::Comment(CommentReason::UnmatchedParen) => "an unmatched `)`",
            Owner::Comment(CommentReason::AfterResult) => "the text after the result",
            Owner::Comment(CommentReason::Untranscribed) => "the untranscribed text",
            Owner::Skipped(SkipReason::Unread) => "words passed over",
            Owner::Furniture => "book furniture",
        }
    }
}

/// One claim: bytes `start..end` of the movetext held by `owner`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Claim {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
    /// Who holds it.
    pub owner: Owner,
    /// Claimed by the main line's reading (not inside a variation).
    pub main: bool,
}

/// What the check found wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Breach {
    /// Bytes of a token that no claim covers.
    Gap {
        /// First byte.
        start: usize,
        /// One past the last byte.
        end: usize,
    },
    /// Bytes two claims cover.
    Overlap {
        /// First byte.
        start: usize,
        /// One past the last byte.
        end: usize,
        /// The first claim's owner.
        first: Owner,
        /// The second claim's owner.
        second: Owner,
    },
    /// Move tokens in a claim that loses them, with no warning inside the claim.
    Unflagged {
        /// First byte of the claim.
        start: usize,
        /// One past its last byte.
        end: usize,
        /// The claim's owner.
        owner: Owner,
        /// How many move tokens it holds.
        moves: u64,
    },
}

impl Breach {
    /// The byte range concerned.
    pub fn range(&self) -> (usize, usize) {
        match *self {
            Breach::Gap { start, end }
            | Breach::Overlap { start, end, .. }
            | Breach::Unflagged { start, end, .. } => (start, end),
        }
    }
}

#[cfg(test)]
thread_local! {
    /// Test hook: the ledgers made on this thread do not record the claim with this index.
    pub(crate) static DROP_CLAIM: std::cell::Cell<Option<usize>> = const { std::cell::Cell::new(None) };
    /// Test hook: the claims of the last ledger checked on this thread.
    pub(crate) static LAST_CLAIMS: std::cell::RefCell<Vec<Claim>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// What [`Ledger::check`] found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Checked {
    /// The breaches, in text order.
    pub breaches: Vec<Breach>,
    /// Moves of the main line went into a claim that holds the game's moves
    /// ([`Owner::holds_game_moves`]): the game is not `complete`.
    pub main_line_lost: bool,
}

/// The claims of one game's movetext, in the order they were made. A claim that follows
/// one of the same owner with nothing but blanks between them extends it (the main line's
/// moves and numbers make one claim), unless its owner loses moves: those stay one claim
/// each, so that each needs its own warning.
#[derive(Debug, Clone)]
pub struct Ledger<'t> {
    text: &'t str,
    claims: Vec<Claim>,
    /// Test hook: the claim with this index is not recorded.
    #[cfg(test)]
    pub(crate) drop: Option<usize>,
    /// Test hook: every claim made, before any is extended.
    #[cfg(test)]
    made: Vec<Claim>,
}

impl<'t> Ledger<'t> {
    /// An empty ledger for the movetext `text`.
    pub fn new(text: &'t str) -> Ledger<'t> {
        Ledger {
            text,
            claims: Vec::new(),
            #[cfg(test)]
            drop: DROP_CLAIM.get(),
            #[cfg(test)]
            made: Vec::new(),
        }
    }

    /// Records that `owner` holds bytes `start..end` (`main`: for the main line's reading).
    #[inline]
    pub fn claim(&mut self, start: usize, end: usize, owner: Owner, main: bool) {
        if end <= start {
            return;
        }
        let claim = Claim {
            start,
            end,
            owner,
            main,
        };
        #[cfg(test)]
        {
            self.made.push(claim);
            if self.drop == Some(self.made.len() - 1) {
                return;
            }
        }
        // Most claims are the main line's, one blank after the last: tested first.
        if let Some(last) = self.claims.last_mut()
            && last.end <= start
            && last.main == main
            && last.owner == owner
            && self.text.as_bytes()[last.end..start]
                .iter()
                .all(u8::is_ascii_whitespace)
            && !owner.loses_moves()
        {
            last.end = end;
            return;
        }
        self.claims.push(claim);
    }

    /// The claims recorded (a claim extended by the ones after it counts once).
    pub fn claims(&self) -> &[Claim] {
        &self.claims
    }

    /// Checks the claims against `tokens`, the tokens of `text` in `dialect`: every token
    /// inside one claim and no byte in two, and every move token in a claim that loses
    /// moves ([`Owner::loses_moves`]) under a flag: `flagged(start, end)` says whether a
    /// warning (or the game's failure) stands in bytes `start..=end`. Returns the breaches
    /// in text order, and whether the main line lost moves of the game.
    pub fn check(
        &mut self,
        dialect: Dialect,
        text: &str,
        tokens: &[Token],
        flagged: impl Fn(usize, usize) -> bool,
    ) -> Checked {
        // In the order they were made, as the test hook counts them.
        #[cfg(test)]
        LAST_CLAIMS.with_borrow_mut(|l| l.clone_from(&self.made));
        let mut main_line_lost = false;
        // Claims come nearly in order (a variation's parentheses after its moves): a
        // stable sort finds the runs.
        if !self.claims.is_sorted_by_key(|c| c.start) {
            self.claims.sort_by_key(|c| c.start);
        }
        let claims = &self.claims;
        let mut out = overlaps(claims);
        // Moves held by each claim that loses them, counted from the tokens.
        let mut lost: Vec<(usize, u64)> = Vec::new();
        let mut j = 0usize;
        for t in tokens {
            let (s, e) = (t.span.start as usize, t.span.end as usize);
            while j < claims.len() && claims[j].end <= s {
                j += 1;
            }
            let covered = claims.get(j).is_some_and(|c| c.start <= s && e <= c.end);
            if !covered {
                // Bytes two claims hold are reported once, as the overlap.
                let shared = out.iter().any(
                    |b| matches!(b, Breach::Overlap { start, end, .. } if *start < e && s < *end),
                );
                if !shared {
                    match out.last_mut() {
                        Some(Breach::Gap { end, .. }) if no_token_between(tokens, *end, s) => {
                            *end = e
                        }
                        _ => out.push(Breach::Gap { start: s, end: e }),
                    }
                }
                continue;
            }
            let c = &claims[j];
            if !c.owner.loses_moves() {
                continue;
            }
            let moves = token_moves(dialect, text, t);
            if c.main && c.owner.holds_game_moves() && !main_line_lost {
                main_line_lost = game_moves(dialect, text, t) > 0;
            }
            if moves > 0 {
                match lost.last_mut() {
                    Some((k, n)) if *k == j => *n += moves,
                    _ => lost.push((j, moves)),
                }
            }
        }
        for (k, moves) in lost {
            let c = &claims[k];
            if !flagged(c.start, c.end) {
                out.push(Breach::Unflagged {
                    start: c.start,
                    end: c.end,
                    owner: c.owner,
                    moves,
                });
            }
        }
        out.sort_by_key(Breach::range);
        Checked {
            breaches: out,
            main_line_lost,
        }
    }
}

/// The overlaps of `claims` (sorted by start): bytes a claim holds that an earlier one
/// holds already.
fn overlaps(claims: &[Claim]) -> Vec<Breach> {
    let mut out = Vec::new();
    let mut reach = 0usize;
    let mut last: Option<Owner> = None;
    for c in claims {
        if c.start < reach
            && let Some(first) = last
        {
            out.push(Breach::Overlap {
                start: c.start,
                end: c.end.min(reach),
                first,
                second: c.owner,
            });
        }
        if c.end > reach {
            reach = c.end;
            last = Some(c.owner);
        }
    }
    out
}

/// True when no token starts in `from..to` (so two gaps are one).
fn no_token_between(tokens: &[Token], from: usize, to: usize) -> bool {
    let i = tokens.partition_point(|t| (t.span.start as usize) < from);
    tokens.get(i).is_none_or(|t| t.span.start as usize >= to)
}

/// The move tokens one token holds: 1 for a move or an unread word, the moves inside a
/// `;` comment or an unclosed `{`, else 0.
fn token_moves(dialect: Dialect, text: &str, t: &Token) -> u64 {
    match t.kind {
        TokenKind::Comment { .. } => count_move_tokens(dialect, text, std::slice::from_ref(t)),
        ref k => u64::from(is_move_token(k)),
    }
}

/// The moves (read as moves, not unread words) one token holds: 1 for a move, the moves
/// inside a `;` comment or an unclosed `{`, else 0.
fn game_moves(dialect: Dialect, text: &str, t: &Token) -> u64 {
    match t.kind {
        TokenKind::Move(_) => 1,
        TokenKind::Comment { text: inner } if unclosed_brace(text, t) => {
            movetext::tokenize(dialect, &text[inner.range()])
                .iter()
                .filter(|t| matches!(t.kind, TokenKind::Move(_)))
                .count() as u64
        }
        TokenKind::Comment { .. } => semicolon_moves(dialect, text, t),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use escriba_notation::{AlgLang, movetext};

    const EN: Dialect = Dialect::Algebraic(AlgLang::En);

    fn ledger<'t>(text: &'t str, claims: &[(usize, usize, Owner)]) -> Ledger<'t> {
        let mut l = Ledger::new(text);
        for &(s, e, o) in claims {
            l.claim(s, e, o, true);
        }
        l
    }

    fn check(text: &str, claims: &[(usize, usize, Owner)]) -> Vec<Breach> {
        let tokens = movetext::tokenize(EN, text);
        ledger(text, claims)
            .check(EN, text, &tokens, |_, _| false)
            .breaches
    }

    #[test]
    fn an_exact_cover_is_no_breach() {
        // `1.` `e4` `e5` `{a note}` `*`, claimed token by token and out of order.
        let text = "1. e4 e5 {a note} *";
        let m = Owner::MainLine;
        let note = Owner::Comment(CommentReason::Note);
        assert_eq!(
            check(
                text,
                &[(0, 2, m), (6, 8, m), (3, 5, m), (9, 17, note), (18, 19, m)]
            ),
            []
        );
        // One claim may hold several tokens and the blanks between them.
        assert_eq!(check(text, &[(0, 8, m), (9, 19, note)]), []);
    }

    #[test]
    fn a_token_no_one_claims_is_a_gap_and_adjacent_ones_are_one_gap() {
        let text = "1. e4 e5 2. Nf3 Nc6 *";
        let m = Owner::MainLine;
        assert_eq!(
            check(text, &[(0, 5, m), (20, 21, m)]),
            [Breach::Gap { start: 6, end: 19 }]
        );
        // Nothing claimed: the whole text is one gap.
        assert_eq!(check(text, &[]), [Breach::Gap { start: 0, end: 21 }]);
        // Blanks need no claim.
        assert_eq!(check("   ", &[]), []);
    }

    #[test]
    fn bytes_two_claims_hold_are_an_overlap() {
        let text = "1. e4 e5 *";
        let m = Owner::MainLine;
        let skip = Owner::Skipped(SkipReason::Unread);
        assert_eq!(
            check(text, &[(0, 8, m), (6, 10, skip)]),
            [Breach::Overlap {
                start: 6,
                end: 8,
                first: m,
                second: skip
            }]
        );
        // A claim inside another.
        assert_eq!(
            check(text, &[(0, 10, m), (3, 5, m)]),
            [Breach::Overlap {
                start: 3,
                end: 5,
                first: m,
                second: m
            }]
        );
    }

    #[test]
    fn moves_in_a_claim_that_loses_them_need_a_flag_there_and_a_notes_do_not() {
        let text = "1. e4 {2. d4} ; 2. Nf3\n*";
        let tokens = movetext::tokenize(EN, text);
        let m = Owner::MainLine;
        let semi = Owner::Comment(CommentReason::Semicolon);
        let note = Owner::Comment(CommentReason::Note);
        let mut l = ledger(
            text,
            &[(0, 5, m), (6, 13, note), (14, 22, semi), (23, 24, m)],
        );
        let checked = l.check(EN, text, &tokens, |_, _| false);
        assert!(
            checked.main_line_lost,
            "the `;` hid a move of the main line"
        );
        assert_eq!(
            checked.breaches,
            [Breach::Unflagged {
                start: 14,
                end: 22,
                owner: semi,
                moves: 1
            }]
        );
        // A warning at the `;` is the flag.
        assert_eq!(
            l.check(EN, text, &tokens, |s, e| (s..=e).contains(&14))
                .breaches,
            []
        );
    }

    #[test]
    fn the_test_hook_drops_the_claim_it_names() {
        let mut l = Ledger::new("1. e4 e5");
        l.drop = Some(1);
        for (s, e) in [(0, 2), (3, 5), (6, 8)] {
            l.claim(s, e, Owner::MainLine, true);
        }
        let kept: Vec<(usize, usize)> = l.claims().iter().map(|c| (c.start, c.end)).collect();
        assert_eq!(
            kept,
            [(0, 2), (6, 8)],
            "nothing extends over the dropped claim"
        );
    }

    #[test]
    fn claims_of_one_owner_with_blanks_between_are_one_and_lossy_ones_stay_apart() {
        let text = "1. e4 e5 zz9 qq7";
        let mut l = Ledger::new(text);
        for (s, e) in [(0, 2), (3, 5), (6, 8)] {
            l.claim(s, e, Owner::MainLine, true);
        }
        let skip = Owner::Skipped(SkipReason::Unread);
        l.claim(9, 12, skip, true);
        l.claim(13, 16, skip, true);
        let kept: Vec<(usize, usize)> = l.claims().iter().map(|c| (c.start, c.end)).collect();
        assert_eq!(kept, [(0, 8), (9, 12), (13, 16)]);
    }
}
