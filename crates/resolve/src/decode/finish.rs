//! Turning the cheapest path into plies: the last marks settled, unconfirmed repairs cut,
//! ties listed as alternatives, each ply's status and note, and the failure.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt::Write as _;

use escriba_notation::TokenKind;
use shakmaty::san::Suffix;
use shakmaty::{Chess, Color, Position};

use crate::candidates::{Ctx, NEAR_TIE, Relax, candidates_into};
use crate::identity::Origins;
use crate::san::render;
use crate::{Ply, Status};

use super::cache::reading_text;
use super::notes;
use super::pin;
use super::state::*;

pub(super) fn path(nodes: &[Node], mut id: u32) -> Vec<u32> {
    let len = if id == NONE {
        0
    } else {
        nodes[id as usize].ply as usize + 1
    };
    let mut out = Vec::with_capacity(len);
    while id != NONE {
        out.push(id);
        id = nodes[id as usize].parent;
    }
    out.reverse();
    out
}

/// The position and identities after the nodes of `path`, from the game's start.
pub(super) fn replay(d: &Decoder<'_>, path: &[u32]) -> (Chess, Origins) {
    let mut pos = d.game.start.clone();
    let mut origins = Origins::new(pos.board());
    for &id in path {
        let m = d.nodes[id as usize].mv;
        origins.play(m);
        pos.play_unchecked(m);
    }
    (pos, origins)
}

pub(super) fn finish(
    d: &mut Decoder<'_>,
    states: Vec<State>,
    failed_tok: Option<usize>,
    unread: Vec<usize>,
) -> Decoded {
    let (states, best) = settle_last(d, states);
    let mut chosen = path(&d.nodes, best.node);
    let mut end = End {
        best,
        failed_tok,
        unconfirmed: None,
    };
    stop_before_culprit(d, &unread, &mut chosen, &mut end);
    cut_unconfirmed(d, &mut chosen, &mut end);
    let mut alternatives = alternatives(d, &states, &end);
    let mut plies = chosen
        .iter()
        .map(|&id| ply(d, id, &mut alternatives))
        .collect::<Vec<_>>();
    let misplaced = misnumbered(d.game.tokens, &mut plies);
    let lost = chosen
        .iter()
        .filter(|&&id| d.nodes[id as usize].relax.0 & Relax::LOST_PLY != 0)
        .count();
    broken_words(d.game.text, d.game.tokens, &mut plies);
    rested_on_rewrite(d, &chosen, &end, &mut plies);
    let failure = failure(d, &end, plies.len());
    Decoded {
        plies,
        failure,
        termination: d.end,
        cost: end.best.cost,
        beam_capped: d.beam_capped,
        search_capped: d.search_capped,
        nodes_expanded: d.nodes.len(),
        unread,
        misplaced,
        lost,
        final_position: end.best.pos,
    }
}

/// Flags each ply whose printed move number says another move: a number and side that
/// disagree with the ply's place in the game (a move missing before it, a column out of
/// order, a Black move read as White's after an unread word took White's place). The
/// first and second move words after a number are checked: the first is the number's
/// side's (a number printed without `...` before Black's move of the same number fits:
/// some books number every move), the second Black's after White's. Where the first ply
/// after a number disagrees, the plies read since the number before, but the first after
/// it, are flagged too: moves went missing somewhere between the two numbers, and no
/// number places those plies (a move read right after text set aside, that stood later in
/// the book). So are those before the first number after the last ply, where it
/// disagrees with the place of the ply that would follow (a game stopped there).
fn misnumbered(tokens: &[escriba_notation::Token], plies: &mut [Ply]) -> usize {
    // The last number printed (`black`: with `...`, or the same number printed again, as
    // books that number every move print Black's), and the move words (read or not) since.
    let mut printed: Option<(u32, bool, usize)> = None;
    // The first ply read since the last number but the first after it, and the same for
    // the number before: the plies from it on that no number places.
    let (mut loose, mut loose_before): (Option<usize>, Option<usize>) = (None, None);
    let mut depth = 0u32;
    let mut misplaced = 0;
    let mut k = 0;
    for (i, t) in tokens.iter().enumerate() {
        if k == plies.len() {
            match t.kind {
                TokenKind::VariationStart => depth += 1,
                TokenKind::VariationEnd => depth = depth.saturating_sub(1),
                TokenKind::MoveNumber { number, black } if depth == 0 => {
                    if let (Some(from), Some(last)) = (loose, plies.last())
                        && !follows(last, number, black)
                    {
                        flag_unplaced(&mut plies[from..k], number);
                    }
                    return misplaced;
                }
                _ => {}
            }
            continue;
        }
        let p = &mut plies[k];
        if p.token == i {
            if let Some((number, black, words)) = printed
                && !fits(number, black, words, p)
            {
                flag_misnumbered(p, number, black, words);
                misplaced += 1;
                if words == 0
                    && let Some(from) = loose_before
                {
                    flag_unplaced(&mut plies[from..k], number);
                }
            }
            if printed.is_some_and(|(_, _, w)| w > 0) {
                loose.get_or_insert(k);
            }
            printed = printed.map(|(n, b, w)| (n, b, w + 1));
            k += 1;
            continue;
        }
        match t.kind {
            TokenKind::VariationStart => depth += 1,
            TokenKind::VariationEnd => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            TokenKind::MoveNumber { number, black } => {
                let again = printed.is_some_and(|(n, b, _)| n == number && !b);
                printed = Some((number, black || again, 0));
                loose_before = loose.take();
            }
            TokenKind::Move(_) | TokenKind::Unknown => {
                printed = printed.map(|(n, b, w)| (n, b, w + 1));
            }
            _ => {}
        }
    }
    misplaced
}

/// Flags `plies`, read before move number `number` that disagrees with the ply after it,
/// where no number places them.
fn flag_unplaced(plies: &mut [Ply], number: u32) {
    for p in plies.iter_mut() {
        add_note(
            p,
            format!(
                "read before move {number}, printed where another move stands: a move \
                 missing before it, or moves out of order"
            ),
        );
        if !p.status.is_flagged() {
            p.status = Status::Ambiguous;
        }
    }
}

/// Notes each ply read from a move broken at a line end (`Q-` / `KB3`, its token over the
/// line end), and flags each ply that may be only part of a move: one read right after a
/// word broken at its hyphen that did not join, and one read with something filled in
/// right before an unread word on its line.
fn broken_words(text: &str, tokens: &[escriba_notation::Token], plies: &mut [Ply]) {
    // The tokens read as plies, in order (an unread word read as a lost ply among them).
    let read: Vec<usize> = plies.iter().map(|p| p.token).collect();
    // The tokens of the plies read as printed (neither repaired nor in doubt).
    let mut as_printed: Vec<usize> = Vec::with_capacity(plies.len());
    as_printed.extend(
        plies
            .iter()
            .filter(|p| !p.status.is_flagged())
            .map(|p| p.token),
    );
    for p in plies.iter_mut() {
        let printed = &text[p.span.range()];
        if printed.contains('\n') {
            let join = printed.split_whitespace().collect::<Vec<_>>().join(" ");
            add_note(p, format!("joined across a line end: `{join}`"));
        }
        // A move read with something filled in (`P-K`, its rank) and an unread word right
        // after it on its line (`P-K Ji 4`, OCR's `B`): the word may be the rest of it.
        if p.status == Status::Inferred
            && let Some(t) = tokens.get(p.token + 1)
            && t.kind == TokenKind::Unknown
            && read.binary_search(&(p.token + 1)).is_err()
            && !text[p.span.end as usize..t.span.start as usize].contains('\n')
        {
            let word = &text[t.span.range()];
            add_note(
                p,
                format!("`{word}` after it is not read: it may be the rest of this move"),
            );
            p.status = Status::Ambiguous;
        }
        let before = p.token.checked_sub(1).map(|k| &tokens[k]);
        if let Some(t) = before
            && t.kind == TokenKind::Unknown
            && text[t.span.range()].ends_with(['-', '–', '—'])
            && !dash_after_printed_move(text, t, p.token - 1, &as_printed)
        {
            let broken = &text[t.span.range()];
            add_note(
                p,
                format!(
                    "read after `{broken}`, a word broken at its hyphen: the move may be that word's"
                ),
            );
            if !p.status.is_flagged() {
                p.status = Status::Ambiguous;
            }
        }
    }
}

/// In a game that stops, flags the plies read after the last printed move that reads as a
/// legal move but was rewritten: the rewrite let the moves after it read, and the game
/// did not read through to confirm it (a word lost by the OCR, say, and the moves after
/// it fitted only a rewritten position). Each such ply not flagged yet is ambiguous.
fn rested_on_rewrite(d: &Decoder<'_>, chosen: &[u32], end: &End, plies: &mut [Ply]) {
    if end.failed_tok.is_none() {
        return;
    }
    let Some(k) = (0..chosen.len())
        .rev()
        .find(|&k| rewrote_legal(d, chosen, k))
    else {
        return;
    };
    let n = d.nodes[chosen[k] as usize];
    let printed = &d.game.text[d.game.tokens[n.tok as usize].span.range()];
    let note = format!(
        "read after `{printed}` (ply {}), a legal move as printed, was rewritten as {}, in a \
         game that stops: it may stand on that rewrite",
        k + 1,
        render(n.san, n.suffix)
    );
    for p in plies[k + 1..].iter_mut().filter(|p| !p.status.is_flagged()) {
        add_note(p, note.clone());
        p.status = Status::Ambiguous;
    }
}

/// Whether node `chosen[k]` is a repair of a printed move that reads as a legal move as
/// printed where it stands.
fn rewrote_legal(d: &Decoder<'_>, chosen: &[u32], k: usize) -> bool {
    let n = d.nodes[chosen[k] as usize];
    if !n.relax.is_repair() || n.split != NONE || n.tok2 != NONE {
        return false;
    }
    let TokenKind::Move(token) = d.game.tokens[n.tok as usize].kind else {
        return false;
    };
    let (pos, origins) = replay(d, &chosen[..k]);
    let ctx = Ctx {
        pos: &pos,
        origins: &origins,
        descriptive: d.game.dialect.is_descriptive(),
        max_repairs: 0,
    };
    let mut cands = Vec::new();
    candidates_into(&ctx, &token, &pos.legal_moves(), &mut cands);
    cands.iter().any(|c| !c.relax.is_repair())
}

/// Whether `dash`, token `k`, is a dash alone right after a ply read as printed (`e4 – e5`):
/// then it is no part of a long-algebraic move from that ply's square (`e4-e5`), since a
/// move read as printed went to that square, which its own man cannot have stood on.
fn dash_after_printed_move(
    text: &str,
    dash: &escriba_notation::Token,
    k: usize,
    as_printed: &[usize],
) -> bool {
    text[dash.span.range()]
        .chars()
        .all(|c| matches!(c, '-' | '–' | '—'))
        && k.checked_sub(1)
            .is_some_and(|m| as_printed.binary_search(&m).is_ok())
}

/// Adds `note` to ply `p`'s note.
fn add_note(p: &mut Ply, note: String) {
    p.note = Some(match p.note.take() {
        Some(n) => Cow::Owned(format!("{n}; {note}")),
        None => Cow::Owned(note),
    });
}

/// Whether ply `p`, the move word `words` after move number `number` (`black`: printed
/// with `...`), stands where the number says.
fn fits(number: u32, black: bool, words: usize, p: &Ply) -> bool {
    let white = p.color == Color::White;
    match (words, black) {
        (0, true) => p.move_number == number && !white,
        (0, false) => p.move_number == number,
        (1, false) => p.move_number == number && !white,
        (1, true) => p.move_number == number + 1 && white,
        _ => true,
    }
}

/// Whether move number `number` (`black`: with `...`) may stand right after ply `last`:
/// the number of the move after it (either side's number before Black's move, as books
/// that number every move print it).
fn follows(last: &Ply, number: u32, black: bool) -> bool {
    match last.color {
        Color::White => number == last.move_number,
        Color::Black => number == last.move_number + 1 && !black,
    }
}

/// Flags ply `p`, the move word `words` after move number `number` (`black`: with
/// `...`).
fn flag_misnumbered(p: &mut Ply, number: u32, black: bool, words: usize) {
    let side = |white: bool| if white { "White's" } else { "Black's" };
    let printed = match (words, black) {
        (0, true) => format!("Black's move {number}"),
        (0, false) => format!("move {number}"),
        (_, false) => format!("Black's move {number}"),
        (_, true) => format!("White's move {}", number + 1),
    };
    let note = format!(
        "printed as {printed}, read as {} move {}: a move missing, or moves out of order",
        side(p.color == Color::White),
        p.move_number
    );
    add_note(p, note);
    if !p.status.is_flagged() {
        p.status = Status::Ambiguous;
    }
}

/// Where the chosen path ends: its last state, the token the game stopped at (if it did),
/// and the dear repair cut for want of confirmation (if one was).
struct End {
    best: State,
    failed_tok: Option<usize>,
    unconfirmed: Option<String>,
}

/// The last plies' marks settled with their positions' legal moves; the states, and the
/// cheapest of them.
fn settle_last(d: &mut Decoder<'_>, mut states: Vec<State>) -> (Vec<State>, State) {
    for st in &mut states {
        let has_moves = !st.pos.legal_moves().is_empty();
        st.cost += d.settle(st, has_moves, st.pos.checkers());
    }
    let best = states
        .iter()
        .min_by_key(|s| s.cost)
        .cloned()
        .expect("a pass always leaves a state");
    (states, best)
}

/// A game stopped at a move number after unread text: the unread text is the culprit (an
/// unreadable move, after which the sides were swapped). Stop before it.
fn stop_before_culprit(d: &Decoder<'_>, unread: &[usize], chosen: &mut Vec<u32>, end: &mut End) {
    let Some(tok) = end.failed_tok else { return };
    if !matches!(d.game.tokens[tok].kind, TokenKind::MoveNumber { .. }) {
        return;
    }
    let since = d.game.tokens[..tok]
        .iter()
        .rposition(|t| matches!(t.kind, TokenKind::MoveNumber { .. }))
        .unwrap_or(0);
    if let Some(&culprit) = unread.iter().find(|&&u| u > since && u < tok) {
        chosen.retain(|&id| (d.nodes[id as usize].tok as usize) < culprit);
        (end.best.pos, end.best.origins) = replay(d, chosen);
        end.failed_tok = Some(culprit);
    }
}

/// A dear repair (no glyph confusion explains it: a wrong piece letter, file or rank) that
/// no later move confirms is a guess: the game stops at it instead.
fn cut_unconfirmed(d: &Decoder<'_>, chosen: &mut Vec<u32>, end: &mut End) {
    if end.failed_tok.is_some() {
        return;
    }
    let Some(k) = chosen
        .iter()
        .rposition(|&id| d.nodes[id as usize].relax.0 & Relax::UNEXPLAINED != 0)
    else {
        return;
    };
    if chosen.len() - 1 - k >= CONFIRM_PLIES {
        return;
    }
    let n = d.nodes[chosen[k] as usize];
    end.unconfirmed = Some(format!(
        "{} ({})",
        render(n.san, n.suffix),
        n.relax.describe().join(", ")
    ));
    chosen.truncate(k);
    (end.best.pos, end.best.origins) = replay(d, chosen);
    end.failed_tok = Some(n.tok as usize);
}

/// The other moves of the readings that tie with the chosen one, by the chosen node they
/// differ at: the ties recorded along its path, and the complete readings as cheap.
fn alternatives(d: &Decoder<'_>, states: &[State], end: &End) -> HashMap<u32, Vec<String>> {
    let best = &end.best;
    let mut alternatives: HashMap<u32, Vec<String>> = HashMap::new();
    let mut tie_pairs: Vec<(u32, u32)> = Vec::new();
    let mut t = best.tie;
    while t != NONE {
        let tie = d.ties[t as usize];
        tie_pairs.push((tie.kept, tie.dropped));
        t = tie.next;
    }
    if end.failed_tok.is_none() {
        for other in states {
            if other.node == best.node || other.node == NONE {
                continue;
            }
            if other.cost <= best.cost + NEAR_TIE || regrouped_rival(d, best, other) {
                tie_pairs.push((best.node, other.node));
            }
        }
    }
    for (kept, dropped) in tie_pairs {
        let a = path(&d.nodes, kept);
        let b = path(&d.nodes, dropped);
        for (i, &bn) in b.iter().enumerate() {
            let Some(&an) = a.get(i) else { break };
            if an != bn && d.nodes[an as usize].mv != d.nodes[bn as usize].mv {
                let node = d.nodes[bn as usize];
                alternatives
                    .entry(an)
                    .or_default()
                    .push(render(node.san, node.suffix).to_string());
            }
        }
    }
    alternatives
}

/// The complete path to `other` groups the words of some moves otherwise than the path to
/// `best`, reads every token as printed, and costs less than a contradicted check mark
/// more: the print does not tell the groupings apart and the board lets both go on to the
/// end, so the moves where they differ are doubtful, whatever conventions they read by.
fn regrouped_rival(d: &Decoder<'_>, best: &State, other: &State) -> bool {
    if d.splits.is_empty() || other.cost >= best.cost + escriba_notation::cost::WRONG_MARK {
        return false;
    }
    let (best, other) = (best.node, other.node);
    let (a, b) = (path(&d.nodes, best), path(&d.nodes, other));
    let regrouped = a.iter().zip(&b).any(|(&x, &y)| {
        let (x, y) = (&d.nodes[x as usize], &d.nodes[y as usize]);
        x.tok == y.tok && x.split != y.split
    });
    regrouped
        && b.iter()
            .all(|&y| !d.nodes[y as usize].relax.is_repair() && d.nodes[y as usize].tok2 == NONE)
}

/// What a ply's note holds, besides its relaxations' words.
#[derive(Clone, Copy)]
struct NoteParts<'p> {
    pinned: Option<&'p pin::Pin>,
    /// The search was capped before it settled the ply's readings.
    capped: bool,
    /// Several readings, settled by the moves after.
    settled: bool,
    /// The book's mark that the move does not bear out (when no relaxation says so).
    mark: Option<(u8, &'static str)>,
}

/// The ply of node `id`, with its alternatives taken from `alternatives`.
fn ply(d: &mut Decoder<'_>, id: u32, alternatives: &mut HashMap<u32, Vec<String>>) -> Ply {
    let game = d.game;
    let n = d.nodes[id as usize];
    // A move read from another grouping of the words has its own span.
    let read_from = if n.split == NONE {
        &game.tokens[n.tok as usize]
    } else {
        let split = &d.splits[n.split as usize];
        if split.at == n.tok as usize {
            &split.first
        } else {
            &split.second
        }
    };
    let token = match read_from.kind {
        TokenKind::Move(m) => Some(m),
        _ => None,
    };
    let mut span = read_from.span;
    if n.tok2 != NONE {
        span.end = game.tokens[n.tok2 as usize].span.end;
    }
    let mut alts = if alternatives.is_empty() {
        Vec::new()
    } else {
        alternatives.remove(&id).unwrap_or_default()
    };
    alts.sort();
    alts.dedup();
    let unsettled = n.readings > 1 && n.ply < d.beam_capped_at;
    let pinned = pin::find(d.pins, n.tok as usize);
    // The book's check or mate mark says otherwise than the move: printed wrong, or
    // damaged, as a repair is.
    let contradicted = token.as_ref().and_then(|t| mark_note(t.check, n.suffix));
    // A repair with near-ties is no repair: the ply is ambiguous, with the others listed.
    let status = if pinned.is_some() {
        pin::STATUS
    } else if !alts.is_empty() {
        Status::Ambiguous
    } else if n.relax.is_repair() || contradicted.is_some() {
        Status::Repaired
    } else if unsettled {
        Status::Ambiguous
    } else if n.readings <= 1 && !n.relax.is_unprinted() {
        Status::Exact
    } else {
        Status::Inferred
    };
    let parts = NoteParts {
        pinned,
        capped: unsettled && alts.is_empty(),
        settled: status == Status::Inferred && n.readings > 1,
        mark: contradicted.filter(|_| n.relax.0 & Relax::MARK == 0),
    };
    let note = note(d, &n, status, parts);
    let color = if (game.start.turn() == Color::White) == n.ply.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    let base = game.start.fullmoves().get();
    let offset = u32::from(game.start.turn() == Color::Black);
    let move_number = base.saturating_add(n.ply.saturating_add(offset) / 2);
    Ply {
        san: render(n.san, n.suffix),
        uci: crate::san::uci(n.mv),
        mv: n.mv,
        status,
        cost: n.cost,
        token: n.tok as usize,
        span,
        move_number,
        color,
        alternatives: alts,
        note,
        nag: token.and_then(|t| t.nag),
    }
}

/// The note of node `n`'s ply: its relaxations' words, then what `parts` adds. An unflagged
/// ply's note says only what its key holds, and is shared.
fn note(
    d: &mut Decoder<'_>,
    n: &Node,
    status: Status,
    parts: NoteParts<'_>,
) -> Option<Cow<'static, str>> {
    let cache = &d.reading_cache;
    let game = d.game;
    let write = |notes: &mut String| {
        if let Some(pin) = parts.pinned {
            notes.push_str(&pin::note(pin));
        }
        for w in n.relax.words() {
            if n.relax.0 & Relax::LOST_PLY != 0 && w.ends_with("chose it from") {
                notes::push(notes, w);
                notes.push_str(" `");
                notes.push_str(&game.text[game.tokens[n.tok as usize].span.range()]);
                notes.push('`');
            } else if w == "misprint or OCR damage read as" && n.reading != NONE {
                notes::push(notes, w);
                notes.push_str(" `");
                notes.push_str(reading_text(cache, n.tok as usize, n.reading));
                notes.push('`');
            } else {
                notes::push(notes, w);
            }
        }
        if parts.capped {
            notes::sep(notes);
            let _ = write!(
                notes,
                "{} readings; the search was capped and did not follow the others to the end",
                n.readings
            );
        }
        if parts.settled {
            notes::sep(notes);
            let _ = write!(
                notes,
                "{} readings; settled by the moves that follow",
                n.readings
            );
        }
        if let Some((_, note)) = parts.mark {
            notes::push(notes, note);
        }
    };
    if n.relax.0 == 0
        && !parts.settled
        && parts.mark.is_none()
        && parts.pinned.is_none()
        && !parts.capped
    {
        None
    } else if !status.is_flagged() && parts.pinned.is_none() {
        let readings = if parts.settled { n.readings } else { 0 };
        let key = notes::key(n.relax.0, readings, parts.mark.map_or(0, |(k, _)| k));
        if let Some((last, s)) = d.last_note
            && last == key
        {
            return s.map(Cow::Borrowed);
        }
        let note = notes::shared(key, &mut d.note_buf, write);
        // An owned note (past the shared set's cap) is not remembered.
        match note {
            Some(Cow::Borrowed(s)) => d.last_note = Some((key, Some(s))),
            None => d.last_note = Some((key, None)),
            Some(Cow::Owned(_)) => {}
        }
        note
    } else {
        d.note_buf.clear();
        write(&mut d.note_buf);
        (!d.note_buf.is_empty()).then(|| Cow::Owned(d.note_buf.clone()))
    }
}

/// Why the game stopped, if it did: the diagnostic at the failing token, with what a pin,
/// an unconfirmed repair or the capped search adds to its message.
fn failure(d: &Decoder<'_>, end: &End, plies: usize) -> Option<crate::Diagnostic> {
    let tok = end.failed_tok?;
    let mut f = crate::diagnose::diagnose(d.game, &end.best.pos, &end.best.origins, tok, plies);
    if let Some(pin) = pin::find(d.pins, tok) {
        pin::explain(pin, &mut f);
    }
    if let Some(repair) = &end.unconfirmed {
        f.message = format!(
            "`{}` fits no legal move as printed, and its nearest repair, {repair}, is confirmed by no later move: the game stops here",
            f.text
        );
    }
    if d.search_capped {
        f.message = format!(
            "the repair search was capped ({} nodes expanded) before `{}`: the game stops here",
            d.nodes.len(),
            f.text
        );
    }
    Some(f)
}

/// The note on a check or mate mark the move does not bear out, with its index (1–3).
pub(super) fn mark_note(
    mark: Option<escriba_notation::CheckMark>,
    suffix: Option<Suffix>,
) -> Option<(u8, &'static str)> {
    use escriba_notation::CheckMark::*;
    let says = match mark? {
        Check | Discovered | Double => "check",
        Mate => "mate",
    };
    let is = match suffix {
        None => "no check",
        Some(Suffix::Check) => "check",
        Some(Suffix::Checkmate) => "mate",
    };
    Some(match (says, is) {
        ("check", "no check") => (1, "the book marks check; the move gives no check"),
        ("mate", "no check") => (2, "the book marks mate; the move gives no check"),
        ("mate", "check") => (3, "the book marks mate; the move gives check"),
        _ => return None,
    })
}
