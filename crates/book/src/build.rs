//! Building a book's units: a grouped unit becomes the [`Unit`] the decoder reads.
//!
//! The movetext keeps the book's lines one for one: table rows as printed (page marks and
//! stray marks blanked to spaces, so that every column stays where it was), notes wrapped
//! in `{…}` comments, and every other line of the unit left empty. Spans of the decoder
//! therefore point at the book's own lines and columns.

use escriba_notation::Dialect;
use escriba_notation::lex;
use escriba_resolve::shakmaty::{Board, Color};

use super::classify::LineKind;
use super::group::{Draft, Grouped, Role, header_blanked, open_gloss, unit_year};
use super::odds::{self, Odds};
use super::sequence;
use super::unit::{
    Alternate, AlternateRole, BookSegment, Borrowed, Checkpoint, Footnote, Unit, UnitDialects,
    Warning,
};
use crate::line::{Line, without_stray_brace};
use escriba_notation::tags::Tags;

/// Blanks what a row holds besides its moves: page marks `{207}`, `[Illustration]`, the
/// `/* … */` of a page-break block, prose separators `;` (read as PGN comments
/// otherwise), and a `{` the row does not close (a stray mark: read as a comment, it would
/// run on over the next rows to some note's `}` and take their moves; [`unclosed_brace`](crate::line::unclosed_brace)
/// finds it for a warning, [`without_stray_brace`] says how it goes). Every blanked
/// character becomes one space per byte, so offsets keep.
pub fn clean_row(text: &str) -> String {
    let text = &*without_stray_brace(text);
    let mut out = String::with_capacity(text.len());
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        let blank = if rest.starts_with('{') {
            // A comment as the tokenizer reads one (a page mark, mostly), closed on the row.
            match lex::piece(rest) {
                (lex::Piece::Comment { closed: true }, n) => Some(n),
                (lex::Piece::Comment { closed: false }, _) => Some(1),
                _ => None,
            }
        } else if rest.starts_with("[Illustration") {
            rest.find(']').map(|e| e + 1)
        } else if rest.starts_with("/*") || rest.starts_with("*/") {
            Some(2)
        } else if bytes[i] == b';' {
            Some(1)
        } else {
            None
        };
        match blank {
            Some(n) => {
                out.extend(std::iter::repeat_n(' ', n));
                i += n;
            }
            None => {
                let c = rest.chars().next().expect("not at the end");
                out.push(c);
                i += c.len_utf8();
            }
        }
    }
    out
}

/// A note's text fit for a comment: page marks dropped, braces gone.
fn note_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('{') {
        out.push_str(&rest[..i]);
        match rest[i..].find('}') {
            Some(e) => rest = &rest[i + e + 1..],
            None => rest = &rest[i + 1..],
        }
    }
    out.push_str(rest);
    out.replace('}', " ")
}

/// The text of a footnote block, its label and brackets removed.
pub fn footnote_text(lines: &[Line], first: usize, last: usize) -> String {
    let joined = lines[first..=last]
        .iter()
        .map(|l| l.text.trim())
        .collect::<Vec<_>>()
        .join(" ");
    let marks = joined.trim_start_matches(['*', '†', '‡', '§', '¶']);
    let body = if marks.len() < joined.len() {
        marks
    } else if let Some(rest) = joined.strip_prefix("[Footnote") {
        let rest = rest.trim_start();
        let rest = rest.trim_start_matches(|c: char| c.is_alphanumeric());
        let rest = rest.trim_start_matches([':', '.', ' ']);
        rest.strip_suffix(']').unwrap_or(rest)
    } else if let Some(close) = joined.find(']') {
        &joined[close + 1..]
    } else {
        joined.as_str()
    };
    body.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Builds unit `u` (the `index`-th of the book) for the decoder.
pub fn unit(
    lines: &[Line],
    g: &Grouped,
    u: &Draft,
    index: usize,
    dialect: Dialect,
    borrowed: Option<&Borrowed>,
) -> Unit {
    let Layout {
        texts,
        numbers,
        checkpoints,
        start_board,
        warnings: mut layout_warnings,
        ..
    } = lay_out(lines, g, u, borrowed);
    let contiguous = numbers
        .iter()
        .enumerate()
        .all(|(i, &n)| n == u.first + 1 + i);
    let line_numbers = if contiguous { Vec::new() } else { numbers };
    let movetext = texts.join("\n");

    let mut tags = Tags::new();
    fill_tags(&mut tags, u);
    // Tag pairs printed before the unit (a PGN file read as a book) are its tags, and a
    // position they give is where it starts, as outside book mode.
    for (name, value) in tag_pairs_before(lines, u.first) {
        tags.set(&name, value);
    }
    let tagged_start = tags.get("FEN").is_some();
    let footnotes = footnotes_of(lines, &g.kinds, u);
    let rows_text: String = u
        .rows
        .iter()
        .map(|&r| lines[r].text.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    let dialects = UnitDialects::new(&rows_text, dialect);
    let black_first = u.players.as_ref().is_some_and(|p| p.black_left);
    start_tags(&mut tags, u, tagged_start, start_board, black_first);
    let mut warnings = Vec::new();
    if start_board.is_none() && borrowed.is_none() && !tagged_start {
        odds_start(lines, g, u, &mut tags, &mut warnings);
    }
    warnings.append(&mut layout_warnings);
    let (movetext, alternate) = alternate_reading(movetext, &line_numbers, u, dialect, black_first);
    Unit {
        tags,
        warnings,
        movetext,
        line: u.first + 1,
        extras: BookSegment {
            unit: index,
            kind: u.kind,
            last_line: u.last + 1,
            line_numbers,
            footnotes,
            dialects,
            checkpoints,
            alternate,
            black_first,
            unread_row: u.unread_after.map(|i| i + 1),
        },
    }
}

/// A unit's movetext as it is laid out, one source line at a time: the text of each
/// movetext line and its source line, with the note open across lines, the right-hand
/// pairs of a four-column block waiting for their turn, and the diagrams met.
struct Layout<'a> {
    texts: Vec<String>,
    /// The source line of each movetext line.
    numbers: Vec<usize>,
    /// The open note: index (into `texts`) of its last non-blank line.
    open_note: Option<usize>,
    /// The right-hand pairs of a four-column block, read after its left-hand pairs.
    right: Vec<(usize, String)>,
    /// The move number the pending right-hand pairs start at.
    right_from: Option<u32>,
    /// The start of a gloss a row opened, for the note its next lines make.
    gloss: Option<String>,
    /// The diagrams after the first row: boards the game must reach.
    checkpoints: Vec<Checkpoint>,
    /// A diagram before any row: the position the game starts from.
    start_board: Option<&'a Board>,
    rows_seen: bool,
    /// What the layout set right and says so: a row's `{` left open, blanked.
    warnings: Vec<Warning>,
}

/// Lays out the movetext of unit `u`: an opening `borrowed` from another game first, then
/// each of the unit's lines as its role in `g` makes it.
fn lay_out<'a>(
    lines: &[Line],
    g: &Grouped,
    u: &'a Draft,
    borrowed: Option<&Borrowed>,
) -> Layout<'a> {
    let mut out = Layout::new(u, borrowed);
    for (k, line) in lines.iter().enumerate().take(u.last + 1).skip(u.first) {
        let blanked;
        let raw = match &g.kinds[k] {
            // Player names that run on into the moves: the row is what follows them.
            LineKind::Players(p) if g.roles[k] == Role::Row => {
                blanked = header_blanked(&line.text, p.moves_at.unwrap_or(0));
                &blanked
            }
            _ => &line.text,
        };
        match g.roles[k] {
            Role::Row => out.row(raw, &g.kinds[k], k),
            Role::Note => out.note(raw),
            Role::Diagram => out.diagram(u, k),
            ref role => out.other(role),
        }
        out.numbers.push(k + 1);
    }
    out.close_note();
    out.flush_right();
    out
}

impl<'a> Layout<'a> {
    fn new(u: &Draft, borrowed: Option<&Borrowed>) -> Layout<'a> {
        let mut texts: Vec<String> = Vec::with_capacity(u.last + 1 - u.first);
        let mut numbers: Vec<usize> = Vec::with_capacity(u.last + 1 - u.first);
        if let Some(b) = borrowed {
            // The opening another game lends: its comment, then its rows, on their own lines.
            texts.push(format!("{{{}}}", note_text(&b.note)));
            numbers.push(u.first + 1);
            for (n, row) in &b.rows {
                texts.push(row.clone());
                numbers.push(*n);
            }
        }
        Layout {
            texts,
            numbers,
            open_note: None,
            right: Vec::new(),
            right_from: None,
            gloss: None,
            checkpoints: Vec::new(),
            start_board: None,
            rows_seen: false,
            warnings: Vec::new(),
        }
    }

    fn close_note(&mut self) {
        if let Some(k) = self.open_note.take() {
            self.texts[k].push('}');
        }
    }

    /// The pending right-hand pairs go on here.
    fn flush_right(&mut self) {
        for (n, t) in self.right.drain(..) {
            self.texts.push(t);
            self.numbers.push(n);
        }
        self.right_from = None;
    }

    /// Row `k` (its text `raw`, its line kind `kind`).
    fn row(&mut self, raw: &str, kind: &LineKind, k: usize) {
        let (second, number) = match kind {
            LineKind::MoveRow(shape) => (shape.second, shape.number.map(|n| n.number)),
            _ => (None, None),
        };
        self.close_note();
        self.rows_seen = true;
        if let Some(at) = crate::line::unclosed_brace(raw) {
            let column = raw[..at].chars().count() + 1;
            self.warnings.push(Warning {
                line: k + 1,
                column,
                message: "a `{` that its row does not close is read as a stray mark, not as a \
                          comment over the rows below"
                    .to_owned(),
            });
        }
        let mut row = clean_row(raw);
        // A gloss in parentheses that runs on over the next lines leaves the row (up to
        // the second column) and opens the note those lines make.
        if let Some(p) = open_gloss(&row) {
            let end = second_column(&row[p..]).map_or(row.len(), |c| p + c);
            self.gloss = Some(row[p..end].trim().to_owned());
            blank(&mut row, p, end);
        }
        match second {
            Some(sp) if raw.is_char_boundary(sp.offset as usize) => {
                let cut = sp.offset as usize;
                let mut left = row.clone();
                let mut far = row;
                let len = left.len();
                blank(&mut left, cut, len);
                blank(&mut far, 0, cut);
                self.right.push((k + 1, far));
                self.right_from.get_or_insert(sp.at.number);
                self.texts.push(left);
            }
            _ => {
                // A row of the left column (`9 B to KKt5` under a block that has no ninth
                // right-hand pair) goes on before the right-hand pairs.
                if self
                    .right_from
                    .is_none_or(|f| number.is_none_or(|n| n >= f))
                {
                    self.flush_right();
                }
                self.texts.push(row);
            }
        }
    }

    /// A line of a note: it opens the note or goes on with the open one.
    fn note(&mut self, raw: &str) {
        self.flush_right();
        let mut t = note_text(raw);
        if let Some(g) = self.gloss.take() {
            t = format!("{} {t}", note_text(&g));
        }
        if t.trim().is_empty() {
            self.texts.push(String::new());
        } else {
            if self.open_note.is_none() {
                self.texts.push(format!("{{{t}"));
            } else {
                self.texts.push(t);
            }
            self.open_note = Some(self.texts.len() - 1);
        }
    }

    /// Line `k`, a diagram of `u`: a checkpoint after the first row, else the start.
    fn diagram(&mut self, u: &'a Draft, k: usize) {
        self.flush_right();
        self.close_note();
        if let Some(d) = u.diagrams.iter().find(|d| d.0 == k) {
            if self.rows_seen {
                let at: usize = self.texts.iter().map(|t| t.len() + 1).sum();
                self.checkpoints.push(Checkpoint {
                    at,
                    board: d.2.board.clone(),
                    unsure: d.2.unsure,
                    reading: d.2.reading.clone(),
                    line: k + 1,
                });
            } else {
                self.start_board = Some(&d.2.board);
            }
        }
        self.texts.push(String::new());
    }

    /// Headers, footnotes, furniture: an empty line. The blank lines inside a note stay in
    /// it.
    fn other(&mut self, role: &Role) {
        if !(matches!(role, Role::Furniture) && self.open_note.is_some()) {
            self.close_note();
        }
        self.texts.push(String::new());
    }
}

/// The footnotes of unit `u`, their labels as their first lines' kinds give them and their
/// text read from `lines`.
fn footnotes_of(lines: &[Line], kinds: &[LineKind], u: &Draft) -> Vec<Footnote> {
    u.footnotes
        .iter()
        .map(|f| Footnote {
            label: match &kinds[f.first] {
                LineKind::Footnote { label } => label.clone(),
                _ => String::new(),
            },
            text: footnote_text(lines, f.first, f.last),
            line: f.first + 1,
        })
        .collect()
}

/// The tags of where unit `u` starts: `SetUp` for a position its tags give, else the FEN of
/// a diagram before its first row, else the start position with Black to move for a
/// table whose left column is Black's.
fn start_tags(
    tags: &mut Tags,
    u: &Draft,
    tagged_start: bool,
    start_board: Option<&Board>,
    black_first: bool,
) {
    if tagged_start {
        if tags.get("SetUp").is_none() {
            tags.set("SetUp", "1");
        }
    } else if let Some(board) = start_board {
        let turn = u.start.map_or(Color::White, |n| n.side);
        let number = u.start.map_or(1, |n| n.number.max(1));
        tags.set("FEN", fen(board, turn, number));
        tags.set("SetUp", "1");
    } else if black_first {
        tags.set(
            "FEN",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        );
        tags.set("SetUp", "1");
    }
}

/// The movetext to read and the other reading of it, if the unit has one: the other
/// column order of a table whose left column is Black's, a second notation printed beside
/// the first, or the sequence its move numbers give.
fn alternate_reading(
    mut movetext: String,
    line_numbers: &[usize],
    u: &Draft,
    dialect: Dialect,
    black_first: bool,
) -> (String, Option<Alternate>) {
    // Rows as movetext line indices, for the side-by-side reader.
    let row_lines: Vec<usize> = if line_numbers.is_empty() {
        u.rows.iter().map(|r| r - u.first).collect()
    } else {
        Vec::new()
    };
    let mut alternate = black_first.then(|| swapped_columns(&movetext, u.first + 1));
    if black_first {
        // The book numbers its pairs Black then White; PGN numbers White's move of such a
        // pair one higher. The pairs' numbers are no check on this reading: blank them.
        movetext = blank_numbers(&movetext, dialect);
    }
    if alternate.is_none()
        && let Some((primary, second)) = second_notation(&movetext, &row_lines, dialect)
    {
        movetext = primary;
        alternate = Some(second);
    }
    if alternate.is_none() {
        alternate = sequence::by_numbers(&movetext, line_numbers, u.first + 1, dialect);
    }
    (movetext, alternate)
}

/// The other order of a two-column table whose left column is Black's: each row's right
/// half first. Every row becomes two lines (right half, then left half), both mapped to
/// the row's own source line.
fn swapped_columns(movetext: &str, first_line: usize) -> Alternate {
    let mut out: Vec<String> = Vec::new();
    let mut numbers = Vec::new();
    for (k, line) in movetext.split('\n').enumerate() {
        let n = first_line + k;
        let cut = second_column(line);
        match cut {
            Some(c) if !line.trim_start().starts_with('{') => {
                let mut left = line.to_owned();
                let mut right = line.to_owned();
                blank(&mut left, c, line.len());
                blank(&mut right, 0, c);
                out.push(right);
                out.push(left);
                numbers.extend([n, n]);
            }
            _ => {
                out.push(line.to_owned());
                numbers.push(n);
            }
        }
    }
    Alternate {
        movetext: out.join("\n"),
        line_numbers: numbers,
        role: AlternateRole::Order,
        dialect: None,
    }
}

/// A byte range of a line, `(start, end)`.
type Range = (usize, usize);

/// Blanks the move numbers and ellipses of a movetext (comments untouched).
fn blank_numbers(movetext: &str, dialect: Dialect) -> String {
    use escriba_notation::{TokenKind, movetext as mt};
    let mut out = movetext.to_owned();
    for t in mt::tokenize(dialect, movetext) {
        if matches!(t.kind, TokenKind::MoveNumber { .. } | TokenKind::Ellipsis) {
            blank(&mut out, t.span.start as usize, t.span.end as usize);
        }
    }
    out
}

/// The dialects a second notation beside `book` may be printed in: algebraic beside
/// descriptive, descriptive beside algebraic.
fn other_family(book: Dialect) -> Vec<Dialect> {
    Dialect::ALL
        .iter()
        .copied()
        .filter(|d| d.is_descriptive() != book.is_descriptive())
        .collect()
}

/// A table printed in two notations side by side (`1. P-K4  e4    P-K4  e5`, or
/// `Kt-KB3 (Nf3)`): splits it into the book's notation (the returned movetext, the other
/// notation blanked) and the second one (an [`Alternate`] to check against). `None` when
/// fewer than two rows, or fewer than half of the rows, carry a second notation.
fn second_notation(
    movetext: &str,
    rows: &[usize],
    dialect: Dialect,
) -> Option<(String, Alternate)> {
    use escriba_notation::{TokenKind, movetext as mt};
    let lines: Vec<&str> = movetext.split('\n').collect();
    let others = other_family(dialect);
    // Per row: spans of the second notation (with their brackets) and of the book's moves.
    let mut split: Vec<(usize, Vec<Range>, Vec<Range>)> = Vec::new();
    let mut voters = String::new();
    for &k in rows {
        let Some(line) = lines.get(k) else { continue };
        let tokens = mt::tokenize(dialect, line);
        let mut second = Vec::new();
        let mut first = Vec::new();
        for (i, t) in tokens.iter().enumerate() {
            match t.kind {
                TokenKind::Move(_) => first.push((t.span.start as usize, t.span.end as usize)),
                TokenKind::Unknown => {
                    let raw = &line[t.span.range()];
                    let word = raw.trim_matches(|c| "()[]".contains(c));
                    if !others
                        .iter()
                        .any(|&d| escriba_notation::parse_move(d, word).is_ok())
                    {
                        continue;
                    }
                    let mut from = t.span.start as usize;
                    if i > 0 && tokens[i - 1].kind == TokenKind::VariationStart {
                        from = tokens[i - 1].span.start as usize;
                    }
                    second.push((from, t.span.end as usize));
                    voters.push_str(word);
                    voters.push(' ');
                }
                _ => {}
            }
        }
        if !second.is_empty() {
            split.push((k, second, first));
        }
    }
    if split.len() < 2 || split.len() * 2 < rows.len() {
        return None;
    }
    let other = escriba_notation::detect::rank_dialects(&voters)
        .into_iter()
        .map(|(d, _)| d)
        .find(|d| others.contains(d))?;
    let mut primary: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
    let mut secondary = primary.clone();
    for (k, second, first) in &split {
        for &(a, b) in second {
            blank(&mut primary[*k], a, b);
        }
        for &(a, b) in first {
            blank(&mut secondary[*k], a, b);
        }
        // Brackets left over around the second notation go from its own text too.
        secondary[*k] = secondary[*k].replace(['(', ')', '[', ']'], " ");
    }
    Some((
        primary.join("\n"),
        Alternate {
            movetext: secondary.join("\n"),
            line_numbers: Vec::new(),
            role: AlternateRole::Check,
            dialect: Some(other),
        },
    ))
}

/// Byte offset where a row's second column starts: after a run of three or more blanks
/// that follows the first move.
fn second_column(line: &str) -> Option<usize> {
    let start = line.len() - line.trim_start().len();
    let bytes = line.as_bytes();
    let mut i = start;
    let mut seen_text = false;
    while i < bytes.len() {
        if bytes[i] == b' ' {
            let run = bytes[i..].iter().take_while(|&&b| b == b' ').count();
            if run >= 3 && seen_text && i + run < bytes.len() {
                return Some(i + run);
            }
            i += run;
        } else {
            seen_text = true;
            i += 1;
        }
    }
    None
}

/// Replaces bytes `from..to` of `s` by spaces (on char boundaries).
fn blank(s: &mut String, from: usize, to: usize) {
    let replaced: String = s[from..to]
        .chars()
        .map(|c| " ".repeat(c.len_utf8()))
        .collect();
    s.replace_range(from..to, &replaced);
}

fn fen(board: &Board, turn: Color, number: u32) -> String {
    let side = if turn == Color::White { 'w' } else { 'b' };
    format!("{} {side} - - 0 {number}", board.board_fen())
}

/// Sets the start position of an odds game from the odds its header states (the heading,
/// the event lines and the notes over the table), and notes a giver the text does not name
/// or odds that cannot be read: such a game is flagged, never read in silence from the
/// standard position.
fn odds_start(
    lines: &[Line],
    g: &Grouped,
    u: &Draft,
    tags: &mut Tags,
    warnings: &mut Vec<Warning>,
) {
    let header = odds_header(lines, g, u);
    let text: String = header
        .iter()
        .map(|(_, t)| *t)
        .collect::<Vec<_>>()
        .join("\n");
    // The players as the game's tags name them: a column's initials (`Rev. S.`) are
    // replaced by the heading's full names by now, which the odds sentence prints.
    let players = u.players.as_ref();
    let name = |tag: &str, column: Option<&str>| {
        tags.get(tag)
            .filter(|n| *n != "?")
            .map(str::to_owned)
            .or(column.map(str::to_owned))
    };
    let white = name("White", players.and_then(|p| p.white.as_deref()));
    let black = name("Black", players.and_then(|p| p.black.as_deref()));
    let line = header.first().map_or(u.first + 1, |(k, _)| k + 1);
    match odds::read(&text, white.as_deref(), black.as_deref()) {
        Odds::None => {}
        Odds::Read {
            giver,
            removed,
            assumed,
        } => {
            tags.set("FEN", odds::start_fen(&removed));
            tags.set("SetUp", "1");
            if assumed {
                let side = if giver == Color::White {
                    "White"
                } else {
                    "Black"
                };
                warnings.push(Warning {
                    line,
                    column: 1,
                    message: format!(
                        "the odds do not say who gives them: {side} is assumed (check the header)"
                    ),
                });
            }
        }
        Odds::Unreadable(what) => warnings.push(Warning {
            line,
            column: 1,
            message: format!(
                "odds are announced but the men removed cannot be read (`{what}`): the game is \
                 read from the standard position"
            ),
        }),
    }
}

/// The lines (index, text) where a unit's odds may stand: its heading, event lines and the
/// notes over its table, the prose and event lines set aside just above it, and for the
/// document's first unit the odds line of its title block.
fn odds_header<'a>(lines: &'a [Line], g: &Grouped, u: &Draft) -> Vec<(usize, &'a str)> {
    let first_row = u.rows.first().copied().unwrap_or(u.last + 1);
    // The lines set aside just above the unit count too: an odds line over a header
    // that opens no unit of its own (`At the odds of the Queen.` over an event line).
    let prev_last = g
        .units
        .iter()
        .map(|p| p.last)
        .filter(|&l| l < u.first)
        .max();
    let above = prev_last
        .map_or(0, |l| l + 1)
        .max(u.first.saturating_sub(6));
    let set_aside = |k: usize| matches!(g.kinds[k], LineKind::Prose | LineKind::Event);
    let mut header: Vec<(usize, &str)> = (above..first_row)
        .filter(|&k| match g.roles[k] {
            Role::Header | Role::Note => k >= u.first,
            Role::Skipped(_) => set_aside(k),
            _ => false,
        })
        .map(|k| (k, lines[k].text.as_str()))
        .collect();
    if prev_last.is_none() {
        let title = title_block_odds(lines, g, above);
        header.splice(0..0, title.map(|k| (k, lines[k].text.as_str())));
    }
    header
}

/// The line of a document's title block that states odds, above line index `above` (where
/// a game's own header is looked for) over the first game of the document: the block is
/// its top lines, short and with no blank line between them down to `above` (the
/// players, the odds, the author, dates, a running head: `Morphy,Paul - Arnold,W` over
/// `Togliere Cb1 da Morphy` and ten lines of a PDF's title page), and the odds line is one
/// that states odds on its own. None when a blank line or a long line breaks the block.
fn title_block_odds(lines: &[Line], g: &Grouped, above: usize) -> Option<usize> {
    // No unit holds a line above the document's first.
    let in_block =
        |k: usize| g.kinds[k] != LineKind::Blank && crate::traits::header_sized(&lines[k].text);
    let top = (0..above)
        .rev()
        .find(|&k| !in_block(k))
        .map_or(0, |k| k + 1);
    (top == 0)
        .then(|| {
            (0..above).find(|&k| {
                odds::may_state_odds(&lines[k].text)
                    && matches!(odds::read(&lines[k].text, None, None), Odds::Read { .. })
            })
        })
        .flatten()
}

/// The tag pairs on the lines just before line index `first`, blank lines between them
/// passed over, in the order printed.
fn tag_pairs_before(lines: &[Line], first: usize) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    for l in lines[..first.min(lines.len())].iter().rev() {
        let t = l.text.trim();
        if t.is_empty() {
            continue;
        }
        match escriba_notation::tags::parse_tag_line(t) {
            Some(p) => {
                let mut p: Vec<_> = p.map(|(n, v)| (n.to_owned(), v.into_owned())).collect();
                p.reverse();
                pairs.extend(p);
            }
            None => break,
        }
    }
    pairs.reverse();
    pairs
}

/// Fills the tags from a unit's header lines.
fn fill_tags(tags: &mut Tags, u: &Draft) {
    if let Some(p) = &u.players {
        if let Some(w) = &p.white {
            tags.set("White", w.clone());
        }
        if let Some(b) = &p.black {
            tags.set("Black", b.clone());
        }
    }
    if let Some(h) = &u.heading {
        tags.set("BookHeading", h.clone());
    }
    // `between X and Y` in the heading or an event line: the names when the column
    // header gives none, or only initials.
    let between = u
        .heading
        .iter()
        .chain(&u.events)
        .find_map(|t| crate::header::between_players(t));
    if let Some((a, b)) = between {
        let (white, black) = super::players::from_heading(
            tags.get("White"),
            tags.get("Black"),
            a.as_deref(),
            b.as_deref(),
        );
        for (tag, full, name) in [("White", white, a), ("Black", black, b)] {
            if let Some(full) = full {
                tags.set(tag, full);
            } else if tags.get(tag).is_none()
                && let Some(name) = name
            {
                tags.set(tag, name);
            }
        }
    }
    for e in &u.events {
        event_tags(tags, e);
    }
    if let Some(y) = unit_year(u) {
        tags.set("Date", format!("{y}.??.??"));
    }
    tags.set("BookLines", format!("{}-{}", u.first + 1, u.last + 1));
    tags.set("EscribaKind", u.kind.as_str());
}

/// The site or event an event line gives (`(London, 1862)`, `Vienna Tournament`, `Game
/// played in the Masters' Tournament, 1892, between …:`), into `tags`.
fn event_tags(tags: &mut Tags, e: &str) {
    let inner = e
        .trim()
        .trim_start_matches('(')
        .trim_end_matches(')')
        .trim();
    // ASCII lower case keeps the byte offsets of `inner`.
    let lower = inner.to_ascii_lowercase();
    // Where it was played, from its word on (`Game played in the Masters' Tournament,
    // 1892, between …:`), up to the players.
    let place = crate::lexicon::PLACE_WORDS
        .iter()
        .find_map(|p| lower.find(p).map(|at| &inner[at + p.len()..]))
        // A name (`at London`, `in the Masters' Tournament`), not `at odds of …`.
        .filter(|rest| {
            let name = rest.strip_prefix("the ").unwrap_or(rest);
            name.chars().next().is_some_and(char::is_uppercase)
        })
        .map(|rest| {
            let end = [" between ", " entre ", ":"]
                .iter()
                .filter_map(|w| rest.to_ascii_lowercase().find(w))
                .min()
                .unwrap_or(rest.len());
            &rest[..end]
        });
    // Without a place word, only a short line (`(London, 1862)`, `Vienna Tournament`)
    // gives the site or event; a sentence that names the players or the odds does not.
    let sentence = inner.split_whitespace().count() > 6
        || ["between ", "odds", "remove ", " gives "]
            .iter()
            .any(|w| lower.contains(w));
    if place.is_none() && sentence {
        return;
    }
    let words: Vec<&str> = place
        .unwrap_or(inner)
        .split(',')
        .map(str::trim)
        .filter(|w| !w.is_empty() && super::classify::year_in(w).is_none())
        .collect();
    if let Some(first) = words.first() {
        let eventish = [
            "match",
            "tournament",
            "congress",
            "olympiad",
            "championship",
            "memorial",
            "torneo",
            "campeonato",
        ]
        .iter()
        .any(|k| first.to_lowercase().contains(k));
        if eventish {
            tags.set("Event", (*first).to_owned());
        } else if tags.get("Site").is_none() {
            tags.set("Site", (*first).to_owned());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_keep_their_columns_when_marks_are_blanked() {
        let row = "{207} /*    35. K - Kt 1 P - Kt 5 */";
        let clean = clean_row(row);
        assert_eq!(clean.len(), row.len());
        assert_eq!(clean.find("35."), row.find("35."));
        assert!(!clean.contains('{') && !clean.contains("/*") && !clean.contains("*/"));
    }

    #[test]
    fn footnotes_lose_their_label_and_brackets() {
        let lines = crate::line::lines_of("[Footnote A: To enable him to capture\nthe Kt.]");
        assert_eq!(
            footnote_text(&lines, 0, 1),
            "To enable him to capture the Kt."
        );
    }

    #[test]
    fn the_second_column_starts_after_a_wide_gap() {
        let row = "  1. P. to K's 4th.      1. P. to K's 4th.";
        assert_eq!(second_column(row), row.rfind("1. P."));
        assert_eq!(second_column("  1. P - K 4"), None);
    }
}
