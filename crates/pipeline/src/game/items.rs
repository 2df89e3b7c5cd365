//! A game's items in book order, built from its decoded lines: moves, variations,
//! comments, marks and footnotes, with every move token accounted for.

use std::collections::HashMap;

use escriba_notation::{Dialect, Token, TokenKind};
use escriba_resolve::shakmaty::{Chess, Color, Position};
use escriba_resolve::{Diagnostic, Game, Ply, decode};

use super::claims::{
    Breach, CommentReason, Ledger, Owner, SkipReason, count_move_tokens, is_move_token,
    semicolon_moves, unclosed_brace,
};
use super::record::{Issue, Item, PlyRecord, TokenCounts};
use crate::config::Config;
use escriba_book::Footnote;
use escriba_book::notes::NoteVariation;
use escriba_source::LineMap;

/// Collapses whitespace and removes `{` and `}` so the text can sit inside a PGN comment.
/// A `{` must go too: PGN comments do not nest, but readers that count braces (escriba's
/// own segmenter and `compare` among them) would take the rest of the file for the comment.
pub fn comment_safe(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .replace(['{', '}'], "")
}

/// The position after the first `n` of `plies`, from `start`.
fn position_after(start: &Chess, plies: &[Ply], n: usize) -> Chess {
    let mut pos = start.clone();
    for p in &plies[..n] {
        pos.play_unchecked(p.mv);
    }
    pos
}

/// Builds a game's items in book order and accounts for every move token: read as a move,
/// kept in a comment, or skipped; what went into a comment without stopping the game is
/// an [`Issue`].
pub(super) struct Builder<'a> {
    pub(super) text: &'a str,
    pub(super) dialect: Dialect,
    pub(super) map: &'a LineMap,
    pub(super) cfg: &'a Config,
    /// A book's footnotes, brought in at their marks.
    pub(super) footnotes: &'a [Footnote],
    /// Issues and the byte offset they concern (to attach the ones before any ply).
    pub(super) issues: Vec<(Issue, usize)>,
    pub(super) counts: TokenCounts,
    /// Who holds each range of the text, claimed as it is read.
    pub(super) ledger: Ledger<'a>,
}

impl Builder<'_> {
    fn issue(&mut self, ply: Option<usize>, at: usize, message: String) {
        let (line, column) = self.map.locate(self.text, at);
        if self
            .issues
            .iter()
            .any(|(i, _)| (i.line, i.column) == (line, column) && i.message == message)
        {
            return;
        }
        self.issues.push((
            Issue {
                ply,
                line,
                column,
                message,
            },
            at,
        ));
    }

    fn slice(&self, s: escriba_notation::Span) -> &str {
        self.text.get(s.range()).unwrap_or("")
    }

    /// The move tokens of `tokens`, those inside unclosed `{` comments included.
    fn move_tokens(&self, tokens: &[Token]) -> u64 {
        count_move_tokens(self.dialect, self.text, tokens)
    }

    /// The claim check ([`claims`]) once the main line is read: each breach becomes an
    /// issue that names its range in `source`. True when the game is not complete: a
    /// breach, or moves of its main line held in a comment (a `;` comment's).
    pub(super) fn audit(&mut self, tokens: &[Token], fail_at: Option<usize>, source: &str) -> bool {
        let issues = &self.issues;
        let checked = self.ledger.check(self.dialect, self.text, tokens, |s, e| {
            fail_at.is_some_and(|f| (s..=e).contains(&f))
                || issues.iter().any(|(_, at)| (s..=e).contains(at))
        });
        for b in &checked.breaches {
            let (s, e) = b.range();
            let (line, column) = self.map.locate(self.text, s);
            // The range's last character, for a range that reads `from-to` inclusive.
            let last = self.text[s..e]
                .char_indices()
                .last()
                .map_or(s, |(i, _)| s + i);
            let (to_line, to_column) = self.map.locate(self.text, last);
            let shown = comment_safe(&self.text[s..e]);
            let what = match b {
                Breach::Gap { .. } => "is claimed by nothing (not a move, a variation, \
                                               a comment nor a skipped span)"
                    .to_owned(),
                Breach::Overlap { first, second, .. } => {
                    format!(
                        "is claimed twice, by {} and by {}",
                        first.name(),
                        second.name()
                    )
                }
                Breach::Unflagged { owner, moves, .. } => format!(
                    "holds {moves} move token(s) in {} with no warning",
                    owner.name()
                ),
            };
            self.issue(
                None,
                s,
                format!(
                    "escriba's accounting: {source}:{line}:{column}-{to_line}:{to_column} \
                     `{shown}` {what}: the game is not complete"
                ),
            );
        }
        !checked.breaches.is_empty() || checked.main_line_lost
    }

    /// A run of unread tokens the decoder passed over, if `skip` holds one: a comment and
    /// an issue. Inlined: it is asked at every token, and mostly holds none.
    #[inline(always)]
    fn flush_skip(
        &mut self,
        skip: &mut Option<(usize, usize)>,
        anchor: Option<usize>,
        items: &mut Vec<Item>,
    ) {
        if let Some(run) = skip.take() {
            self.skipped_run(run, anchor, items);
        }
    }

    /// [`Builder::flush_skip`] for the run of unread text from byte `from` to `to`.
    fn skipped_run(
        &mut self,
        (from, to): (usize, usize),
        anchor: Option<usize>,
        items: &mut Vec<Item>,
    ) {
        self.ledger
            .claim(from, to, Owner::Skipped(SkipReason::Unread), false);
        let raw = &self.text[from..to];
        let t = comment_safe(raw);
        // A PGN comment cannot hold a brace: a stray one is named in words.
        let (kept, shown) = if raw.contains(['{', '}']) {
            let named = raw
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .replace('{', " opening-brace ")
                .replace('}', " closing-brace ");
            let named = named.split_whitespace().collect::<Vec<_>>().join(" ");
            (named, raw.split_whitespace().collect::<Vec<_>>().join(" "))
        } else {
            (t.clone(), t)
        };
        items.push(Item::Comment {
            text: format!("escriba: skipped: {kept}"),
        });
        self.issue(
            anchor,
            from,
            format!("`{shown}` is not read as a move: passed over, and kept in a comment"),
        );
    }

    /// A closed variation: a PGN variation when it replays from the position before the
    /// ply it follows, else a comment and an issue.
    /// `tokens` runs from the `(` to its `)`.
    fn variation(&mut self, tokens: &[Token], branch: Chess, anchor: Option<usize>) -> Item {
        let inner = &tokens[1..tokens.len() - 1];
        let whole = escriba_notation::Span::new(
            tokens[0].span.start as usize,
            tokens[tokens.len() - 1].span.end as usize,
        );
        let decoded = decode(
            &Game {
                text: self.text,
                tokens: inner,
                dialect: self.dialect,
                start: branch.clone(),
            },
            &self.cfg.decoder,
        );
        let replays = decoded.failure.is_none()
            && decoded.unread.is_empty()
            && !decoded.plies.is_empty()
            && decoded.plies.iter().all(|p| !p.status.is_flagged());
        if replays {
            let (open, close) = (whole.start as usize, whole.end as usize);
            self.ledger.claim(open, open + 1, Owner::Variation, false);
            self.ledger.claim(close - 1, close, Owner::Variation, false);
            let items = self.line(inner, &decoded.plies, None, &branch, false, anchor);
            let plies = decoded
                .plies
                .into_iter()
                .map(|ply| {
                    let (line, column) = self.map.locate(self.text, ply.span.start as usize);
                    PlyRecord { ply, line, column }
                })
                .collect();
            return Item::Variation { plies, items };
        }
        let n = self.move_tokens(inner);
        self.counts.comments += n;
        self.ledger.claim(
            whole.start as usize,
            whole.end as usize,
            Owner::Comment(CommentReason::Variation),
            false,
        );
        let v = comment_safe(self.slice(whole));
        self.issue(
            anchor,
            whole.start as usize,
            format!("a variation that does not replay is kept in a comment ({n} move token(s))"),
        );
        Item::Comment {
            text: format!("escriba: variation not transcribed: {v}"),
        }
    }

    /// A comment token of a line: claimed with its reason, flagged when it hides moves
    /// (a `;` comment's) or runs to the end (an unclosed `{`), kept as a comment.
    fn comment(
        &mut self,
        t: &Token,
        inner: escriba_notation::Span,
        anchor: Option<usize>,
        main: bool,
        items: &mut Vec<Item>,
    ) {
        let t_start = t.span.start as usize;
        let reason = if self.text[t_start..].starts_with(';') {
            CommentReason::Semicolon
        } else if unclosed_brace(self.text, t) {
            CommentReason::UnclosedBrace
        } else {
            CommentReason::Note
        };
        self.ledger
            .claim(t_start, t.span.end as usize, Owner::Comment(reason), main);
        let hidden = semicolon_moves(self.dialect, self.text, t);
        if hidden > 0 {
            self.counts.comments += hidden;
            self.issue(
                anchor,
                t_start,
                format!(
                    "`;` starts a comment to the end of the line (PGN's rule), and it holds \
                     {hidden} move(s): they are not read{}",
                    if main {
                        ", and the game is not complete"
                    } else {
                        ""
                    }
                ),
            );
        }
        if unclosed_brace(self.text, t) {
            self.counts.comments += self.move_tokens(std::slice::from_ref(t));
            self.issue(
                anchor,
                t_start,
                "unclosed `{`: the comment runs to the end of the game".into(),
            );
        }
        let c = comment_safe(self.slice(inner));
        if !c.is_empty() {
            items.push(Item::Comment { text: c });
        }
    }

    /// The text after a line's result (`tokens[0]`), up to `line_end`: claimed as such,
    /// counted and flagged when it holds move tokens, and kept in comments (a main line's
    /// `{}` notes after its result stay notes).
    fn after_result(
        &mut self,
        tokens: &[Token],
        anchor: Option<usize>,
        main: bool,
        line_end: usize,
        items: &mut Vec<Item>,
    ) {
        let t_end = tokens[0].span.end as usize;
        let after = Owner::Comment(CommentReason::AfterResult);
        self.ledger.claim(t_end, line_end, after, main);
        let rest = comment_safe(&self.text[t_end..]);
        let n = self.move_tokens(&tokens[1..]);
        self.counts.comments += n;
        if n > 0 {
            self.issue(
                anchor,
                tokens[1].span.start as usize,
                format!("text after the result is kept in a comment ({n} move token(s))"),
            );
        }
        if !main {
            // A result inside a variation: the variation's text after it is kept, as the
            // warning says.
            after_result(items, &self.text[t_end..line_end.max(t_end)]);
        } else if !rest.is_empty() {
            // Comments after the result (a book's closing notes) stay comments; other text
            // is kept as one comment that says what it is.
            let mut from = t_end;
            for c in &tokens[1..] {
                if let TokenKind::Comment { text: inner } = c.kind
                    && self.text[c.span.range()].starts_with('{')
                {
                    after_result(items, &self.text[from..c.span.start as usize]);
                    let note = comment_safe(self.slice(inner));
                    if !note.is_empty() {
                        items.push(Item::Comment { text: note });
                    }
                    from = c.span.end as usize;
                }
            }
            after_result(items, &self.text[from..]);
        }
    }

    /// The text from the token where transcription stopped (`tokens[0]`, `d` the
    /// decoder's diagnostic) to `line_end`: claimed and counted, kept untranscribed.
    fn untranscribed(
        &mut self,
        tokens: &[Token],
        d: &Diagnostic,
        line_end: usize,
        main: bool,
    ) -> Item {
        let from = tokens[0].span.start as usize;
        self.counts.comments += self.move_tokens(tokens);
        let untranscribed = Owner::Comment(CommentReason::Untranscribed);
        self.ledger.claim(from, line_end, untranscribed, main);
        let dots = if d.color == Color::White { "." } else { "..." };
        Item::Untranscribed {
            from: format!("{}{dots}", d.move_number),
            text: comment_safe(&self.text[from..]),
        }
    }

    /// A `)` that closes nothing: claimed, flagged, and named in a comment.
    fn unmatched(&mut self, t: &Token, anchor: Option<usize>, main: bool) -> Item {
        let (start, end) = (t.span.start as usize, t.span.end as usize);
        let unmatched = Owner::Comment(CommentReason::UnmatchedParen);
        self.ledger.claim(start, end, unmatched, main);
        self.issue(
            anchor,
            start,
            "unmatched `)`: a `(` may be lost, and a variation read as moves".into(),
        );
        Item::Comment {
            text: "escriba: unmatched `)`".to_owned(),
        }
    }

    /// A footnote mark (with its note's text, when the book has it) or a page mark, as a
    /// comment.
    fn mark(&self, t: &Token) -> Item {
        let mark = self.slice(t.span);
        let text = if t.kind == TokenKind::PageMark {
            format!("escriba: page mark {}", comment_safe(mark))
        } else {
            let label = mark.trim_matches(|c: char| "[]() ".contains(c));
            match self.footnotes.iter().find(|f| f.label == label) {
                Some(f) => format!("[{label}] {}", comment_safe(&f.text)),
                None => format!("footnote {}", comment_safe(mark)),
            }
        };
        Item::Comment { text }
    }

    /// The items of one line, the main line (`main`) or a variation, from its tokens, its
    /// decoded plies and failure; `start` is the position before the line's first ply.
    /// Issues attach to the main line's plies: for a variation, to `anchor`.
    pub(super) fn line(
        &mut self,
        tokens: &[Token],
        plies: &[Ply],
        failure: Option<&Diagnostic>,
        start: &Chess,
        main: bool,
        anchor: Option<usize>,
    ) -> Vec<Item> {
        let mut p = Progress {
            ply_at: PlyIndex::new(plies),
            read_to: 0,
            read: 0,
            skip: None,
        };
        let fail_tok = failure.map(|d| d.token);
        let mut items = Vec::with_capacity(tokens.len());
        let mut depth = 0u32;
        let mut var_start = 0usize;
        // The main line's issues attach to its last ply so far; a variation's to its anchor.
        let at = |read: usize| if main { read.checked_sub(1) } else { anchor };
        // Who holds the line's own tokens, and where its text ends.
        let (owner, line_end) = match main {
            true => (Owner::MainLine, self.text.len()),
            false => (
                Owner::Variation,
                tokens.last().map_or(0, |t| t.span.end as usize),
            ),
        };
        for (i, t) in tokens.iter().enumerate() {
            if depth > 0 {
                match t.kind {
                    TokenKind::VariationStart => depth += 1,
                    TokenKind::VariationEnd => {
                        depth -= 1;
                        if depth == 0 {
                            let branch = position_after(start, plies, p.read.saturating_sub(1));
                            items.push(self.variation(&tokens[var_start..=i], branch, at(p.read)));
                        }
                    }
                    _ => {}
                }
                continue;
            }
            if is_move_token(&t.kind) && Some(i) != fail_tok {
                let anchor = at(p.read);
                self.move_token(t, i, &mut p, anchor, (owner, main), &mut items);
                continue;
            }
            self.flush_skip(&mut p.skip, at(p.read), &mut items);
            if Some(i) == fail_tok {
                let d = failure.expect("fail_tok implies failure");
                items.push(self.untranscribed(&tokens[i..], d, line_end, main));
                return items;
            }
            match self.other_token(tokens, i, at(p.read), (owner, main, line_end), &mut items) {
                Next::Go => {}
                Next::Variation => {
                    depth = 1;
                    var_start = i;
                }
                Next::End => return items,
            }
        }
        self.flush_skip(&mut p.skip, at(p.read), &mut items);
        if depth > 0 {
            let v = self.unclosed_variation(&tokens[var_start..], at(p.read), main, line_end);
            items.push(v);
        }
        items
    }

    /// Reads `t`, the move token `i` of a line (`owner`, the main line or not): the ply it
    /// starts, a token joined into the ply before it, or one more skipped token. `anchor`:
    /// where the issue of the skipped tokens before a ply attaches.
    #[inline]
    fn move_token(
        &mut self,
        t: &Token,
        i: usize,
        p: &mut Progress<'_>,
        anchor: Option<usize>,
        (owner, main): (Owner, bool),
        items: &mut Vec<Item>,
    ) {
        let (t_start, t_end) = (t.span.start as usize, t.span.end as usize);
        if let Some(k) = p.ply_at.of(i) {
            self.flush_skip(&mut p.skip, anchor, items);
            self.ledger.claim(t_start, t_end, owner, main);
            items.push(Item::Ply { index: k });
            p.read_to = p.ply_at.plies[k].span.end as usize;
            p.read = k + 1;
            self.counts.moves += 1;
        } else if t_end <= p.read_to {
            // Joined into the ply before it.
            self.ledger.claim(t_start, t_end, owner, main);
            self.counts.moves += 1;
        } else {
            self.counts.skipped += 1;
            p.skip = Some(p.skip.map_or((t_start, t_end), |(from, _)| (from, t_end)));
        }
    }

    /// Reads `tokens[i]`, a token of the line (`owner`, the main line or not, ending at
    /// `line_end`) that is no move: claims it and pushes its item; what it does to the line.
    #[inline]
    fn other_token(
        &mut self,
        tokens: &[Token],
        i: usize,
        anchor: Option<usize>,
        (owner, main, line_end): (Owner, bool, usize),
        items: &mut Vec<Item>,
    ) -> Next {
        let t = &tokens[i];
        let (t_start, t_end) = (t.span.start as usize, t.span.end as usize);
        match t.kind {
            TokenKind::VariationStart => return Next::Variation,
            TokenKind::VariationEnd => items.push(self.unmatched(t, anchor, main)),
            TokenKind::Comment { text: inner } => {
                self.comment(t, inner, anchor, main, items);
            }
            TokenKind::Nag(n) => {
                self.ledger.claim(t_start, t_end, owner, main);
                items.push(Item::Nag { nag: n });
            }
            TokenKind::Result(_) => {
                self.ledger.claim(t_start, t_end, owner, main);
                self.after_result(&tokens[i..], anchor, main, line_end, items);
                return Next::End;
            }
            TokenKind::DrawOffer => {
                self.ledger.claim(t_start, t_end, owner, main);
                items.push(Item::Comment {
                    text: "(=) draw offered".to_owned(),
                });
            }
            TokenKind::Footnote | TokenKind::PageMark => {
                self.ledger.claim(t_start, t_end, Owner::Furniture, main);
                items.push(self.mark(t));
            }
            TokenKind::MoveNumber { .. } | TokenKind::Ellipsis => {
                self.ledger.claim(t_start, t_end, owner, main);
            }
            // Read by the caller.
            TokenKind::Move(_) | TokenKind::Unknown => {}
        }
        Next::Go
    }

    /// A `(` never closed, at the start of `tokens`, with no move token after it (else the
    /// game stopped there): kept as a comment up to `line_end`, and flagged on `anchor`.
    fn unclosed_variation(
        &mut self,
        tokens: &[Token],
        anchor: Option<usize>,
        main: bool,
        line_end: usize,
    ) -> Item {
        let from = tokens[0].span.start as usize;
        self.counts.comments += self.move_tokens(&tokens[1..]);
        let unclosed = Owner::Comment(CommentReason::UnclosedParen);
        self.ledger.claim(from, line_end, unclosed, main);
        let v = comment_safe(&self.text[from..]);
        self.issue(anchor, from, "unclosed `(`".into());
        Item::Comment {
            text: format!("escriba: variation not transcribed: {v}"),
        }
    }
}

/// How far a line's items have read: the plies by token, the end of the last ply's text,
/// the plies read, and the move tokens skipped since the last ply (from, to).
struct Progress<'a> {
    ply_at: PlyIndex<'a>,
    read_to: usize,
    read: usize,
    skip: Option<(usize, usize)>,
}

/// The ply read from each token of a line: plies come in token order, so a binary search
/// finds it (a map is kept for the rare line whose plies are not in order).
struct PlyIndex<'a> {
    plies: &'a [Ply],
    /// `None` when the plies are in token order.
    map: Option<HashMap<usize, usize>>,
    /// Where the last search ended: tokens are asked in order, so most searches take a
    /// step or none from here.
    cursor: usize,
}

impl<'a> PlyIndex<'a> {
    fn new(plies: &'a [Ply]) -> PlyIndex<'a> {
        let sorted = plies.windows(2).all(|w| w[0].token < w[1].token);
        let map = (!sorted).then(|| {
            plies
                .iter()
                .enumerate()
                .map(|(i, p)| (p.token, i))
                .collect()
        });
        PlyIndex {
            plies,
            map,
            cursor: 0,
        }
    }

    /// The index of the ply read from token `token`.
    fn of(&mut self, token: usize) -> Option<usize> {
        if let Some(m) = &self.map {
            return m.get(&token).copied();
        }
        seek(self.plies, |p| p.token, &mut self.cursor, token)
    }
}

/// The index of the item of `items` (in strictly increasing order of `key`) whose key is
/// `token`, searched from `cursor` onwards, where the last search ended: a few steps for
/// tokens asked in order, a binary search for one before the last.
fn seek<T>(
    items: &[T],
    key: impl Fn(&T) -> usize,
    cursor: &mut usize,
    token: usize,
) -> Option<usize> {
    let mut c = *cursor;
    if c > 0 && key(&items[c - 1]) >= token {
        c = items.partition_point(|x| key(x) < token);
    }
    while c < items.len() && key(&items[c]) < token {
        c += 1;
    }
    *cursor = c;
    (c < items.len() && key(&items[c]) == token).then_some(c)
}

/// What a token that is no move does to the line being read.
enum Next {
    /// The line goes on.
    Go,
    /// A variation starts.
    Variation,
    /// The line ends (at its result).
    End,
}

/// Text found after a game's result, kept as a comment that says so.
fn after_result(items: &mut Vec<Item>, rest: &str) {
    let rest = comment_safe(rest);
    if !rest.is_empty() {
        items.push(Item::Comment {
            text: format!("escriba: text after the result: {rest}"),
        });
    }
}

/// Inserts the variations a book's notes print (each replayed from the main line) into a
/// game's `items`, as PGN variations: each right after the ply it replaces, wherever its
/// note stands (a note after move 15 may look back at move 13). Each variation ply keeps
/// its place in the source, through `map`.
pub(super) fn insert_variations(
    items: &mut Vec<Item>,
    variations: Vec<NoteVariation>,
    text: &str,
    map: &LineMap,
) {
    let mut inserts: Vec<(usize, Item)> = variations
        .into_iter()
        .map(|v| {
            let plies: Vec<PlyRecord> = v
                .plies
                .into_iter()
                .map(|(ply, offset)| {
                    let (line, column) = map.locate(text, offset);
                    PlyRecord { ply, line, column }
                })
                .collect();
            let var = Item::Variation {
                items: (0..plies.len()).map(|index| Item::Ply { index }).collect(),
                plies,
            };
            (after_ply(items, v.replaces), var)
        })
        .collect();
    // Insert from the back so that earlier positions stay valid; variations at the same
    // place keep their order (each goes in before the one after it).
    inserts.sort_by_key(|(at, _)| *at);
    for (at, var) in inserts.into_iter().rev() {
        items.insert(at.min(items.len()), var);
    }
}

/// The position in `items` right after ply `index` and the NAGs and comments that follow
/// it, where a variation on that ply goes.
fn after_ply(items: &[Item], index: usize) -> usize {
    let Some(k) = items
        .iter()
        .position(|it| matches!(it, Item::Ply { index: i } if *i == index))
    else {
        return items.len();
    };
    let mut at = k + 1;
    while at < items.len()
        && matches!(
            items[at],
            Item::Nag { .. } | Item::Comment { .. } | Item::Variation { .. }
        )
    {
        at += 1;
    }
    at
}

#[cfg(test)]
mod seek_tests {
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn a_search_from_the_last_one_finds_what_a_binary_search_finds(
            keys in proptest::collection::btree_set(0usize..60, 0..20),
            asked in proptest::collection::vec(0usize..64, 0..40),
            sort in any::<bool>(),
        ) {
            let keys: Vec<usize> = keys.into_iter().collect();
            let mut asked = asked;
            if sort {
                asked.sort_unstable();
            }
            let mut cursor = 0;
            for t in asked {
                let ours = super::seek(&keys, |&k| k, &mut cursor, t);
                prop_assert_eq!(ours, keys.binary_search(&t).ok(), "token {}", t);
            }
        }
    }
}
