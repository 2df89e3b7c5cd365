//! Game segmentation: cutting a stream of lines into games.
//!
//! Segmentation is pluggable through [`Segmenter`]; [`BlockSegmenter`] is the default and
//! reads PGN-like files (tag pairs, then movetext) and plain game texts (one game per
//! block of lines, blocks separated by blank lines), with or without book-style header
//! lines naming the players.

use escriba_notation::lex::{self, Piece, Semicolons};
use escriba_notation::movetext::{self, ends_with_result};
use escriba_notation::{AlgLang, Dialect, TokenKind};
use serde::Serialize;

use escriba_book::header::{header_moves_at, parse_header_line};
use escriba_book::odds::{self, Odds};
use escriba_notation::tags::{TagPairs, Tags, parse_tag_line};
use escriba_source::{Encoding, LineRef};

/// The most movetext one game may hold, in bytes (about 250,000 plies of compact text; a
/// printed game rarely reaches 10 KB). A longer game is cut there and fails with a
/// [`SegmentNote`] that says so, so that one runaway block cannot take the machine's memory.
pub const MAX_GAME_BYTES: usize = 1 << 20;

/// Something the segmenter had to decide about a game's text, located in the source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SegmentNote {
    /// 1-based source line.
    pub line: usize,
    /// 1-based source column, in characters.
    pub column: usize,
    /// One sentence.
    pub message: String,
    /// The game's text is incomplete (cut at [`MAX_GAME_BYTES`]): it must not be read.
    pub fatal: bool,
    /// The game was ended where its text may go on (a `{` comment left open was cut where
    /// the next game starts): it is never `complete`.
    pub cut: bool,
}

/// One game's text as cut from its source, before any notation is read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    /// Tags from tag pairs and header lines.
    pub tags: Tags,
    /// The movetext: whole source lines joined by `\n`.
    pub movetext: String,
    /// 1-based line of the game's first line (its first tag or header, else its movetext).
    pub line: usize,
    /// 1-based line of the movetext's first line (column 1 of the movetext is column 1).
    pub movetext_line: usize,
    /// Byte offset of the game's first line in the raw source.
    pub offset: u64,
    /// The encoding of the chunk the game started in.
    pub encoding: Encoding,
    /// What book mode knows of the game (its kind, line range, notes and diagrams);
    /// `None` for games cut from PGN-like files.
    pub book: Option<Box<escriba_book::BookSegment>>,
    /// Warnings about the game's text (an unclosed `{` ended by a tag line, a game cut at
    /// the size limit); each becomes a flag on the game.
    pub notes: Vec<SegmentNote>,
}

impl Segment {
    /// An empty game starting at `line`.
    pub fn at(line: &LineRef<'_>) -> Segment {
        Segment {
            tags: Tags::new(),
            movetext: String::new(),
            line: line.number,
            movetext_line: line.number,
            offset: line.offset,
            encoding: line.encoding,
            notes: Vec::new(),
            book: None,
        }
    }
}

/// The tags a game's list has room for once its first tag line is read: a long PGN header
/// (lichess writes 15 tags) and the four the record adds.
const TAGS_ROOM: usize = 20;

/// What a segmenter reports of a source it has finished reading as a book: the book
/// reader's line accounting, with the source's name and how book mode came to be used.
/// In the report's JSON its fields stand beside the accounting's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SegmentReport {
    /// The source's name.
    pub source: String,
    /// Book mode was asked for (`--book`) rather than detected.
    pub explicit: bool,
    /// Every line of the book, accounted for.
    #[serde(flatten)]
    pub book: escriba_book::BookReport,
}

/// Cuts lines into games. Implementations keep state across calls, so that a game may
/// span chunks; [`Segmenter::finish`] flushes the last game and resets for the next source.
pub trait Segmenter: Send {
    /// Feeds one line; completed games are pushed to `out`.
    fn push_line(&mut self, line: &LineRef<'_>, out: &mut Vec<Segment>);
    /// Ends the source: pushes the game in progress, if any, and resets the state.
    fn finish(&mut self, out: &mut Vec<Segment>);
    /// Names the source about to be read (for reports).
    fn set_source(&mut self, _name: &std::sync::Arc<str>) {}
    /// The line accounting of the source just finished, when it was read as a book.
    fn take_report(&mut self) -> Option<SegmentReport> {
        None
    }
}

/// Builds a fresh segmenter per source; the batch driver calls it once per input.
pub type SegmenterFactory = dyn Fn() -> Box<dyn Segmenter> + Send + Sync;

/// The default segmenter: PGN-like tag sections and plain blocks.
///
/// - a tag-pair line or a player header line after movetext starts a new game, and so
///   does a tag-pair line after a blank line that follows a game's tags (that game has no
///   moves: it is kept, empty);
/// - a blank line after movetext ends the game, unless a `{` comment is still open; a
///   line whose last token is a result (`1-0`, `*`, `Resigns.`) ends it too;
/// - tag pairs glued to the end of a movetext line (`…0-1[Event "B"]`, two files joined
///   without a newline) start a new game where they start;
/// - comments are read with the tokenizer's lexer ([`lex`]): a `{` opens one wherever it
///   stands outside a comment or a mark (inside a word too), and the first `}` closes it;
/// - a line that starts a game (tag pairs, a header line naming the players, move 1) after
///   a blank line, or after a line that ends in a result, inside an open `{` comment closes
///   the comment and ends the game, with a [`SegmentNote`] at the `{`: a comment left open
///   does not swallow the games after it;
/// - a blank line after movetext that ends without a result, followed by a line whose
///   first move number follows on from the game's last (`… 10. Nf3 Nc6`, blank, `11. …`),
///   is a page break: the game goes on;
/// - blank lines before the movetext are skipped;
/// - in a PGN file (a source named `*.pgn`, or stdin), `%` escape lines are not read (one
///   inside a game's movetext is noted on the game) and `;` starts a comment; in any other
///   text, a line that starts with `%` is text like any other, and a `;` between moves
///   separates them (`3. B-Kt5; P-QR3`): it is read as a `,`;
/// - a game's movetext is cut at [`MAX_GAME_BYTES`], with a fatal note.
#[derive(Debug)]
pub struct BlockSegmenter {
    cur: Option<Segment>,
    /// Lines of movetext are appended to `cur.movetext`: a `{` comment is open at its end
    /// (read with the lexer the tokenizer reads with, [`lex`]).
    open: bool,
    /// Where the open `{` is: line and column.
    brace_at: (usize, usize),
    /// The last movetext line ended with a result inside the open comment.
    result_in_comment: bool,
    /// Blank lines seen inside an open comment, appended when the movetext goes on.
    pending_blank: usize,
    /// A blank line followed the current game's tags (and it has no movetext yet).
    blank_after_tags: bool,
    /// The most movetext a game may hold.
    max_game_bytes: usize,
    /// PGN's rules for `%` and `;` (see the type's documentation).
    pgn: bool,
    /// A game a blank line ended, kept until the next line says whether it goes on.
    held: Option<Segment>,
    /// The blank lines after the held game.
    held_blanks: usize,
    /// The first line of the game whose moves are known to have begun (no line of it
    /// states odds for its start).
    begun_game: Option<usize>,
}

impl Default for BlockSegmenter {
    fn default() -> BlockSegmenter {
        BlockSegmenter::with_max_game_bytes(MAX_GAME_BYTES)
    }
}

impl BlockSegmenter {
    /// A segmenter at the start of a source.
    pub fn new() -> BlockSegmenter {
        BlockSegmenter::default()
    }

    /// A segmenter that cuts each game's movetext at `max` bytes.
    pub fn with_max_game_bytes(max: usize) -> BlockSegmenter {
        BlockSegmenter {
            cur: None,
            open: false,
            brace_at: (0, 0),
            result_in_comment: false,
            pending_blank: 0,
            blank_after_tags: false,
            max_game_bytes: max,
            pgn: true,
            held: None,
            held_blanks: 0,
            begun_game: None,
        }
    }

    /// Ends the current game at a blank line, but holds it: the next line may go on with
    /// its moves (a page break).
    fn hold(&mut self, out: &mut Vec<Segment>) {
        if let Some(g) = self.cur.take()
            && let Some(earlier) = self.held.replace(g)
        {
            out.push(earlier);
        }
        self.open = false;
        self.result_in_comment = false;
        self.pending_blank = 0;
        self.blank_after_tags = false;
        self.held_blanks = 1;
    }

    /// The held game goes on at `line` when the line's first move number follows on from
    /// the game's last; else it is pushed to `out`.
    fn release(&mut self, line: &str, out: &mut Vec<Segment>) {
        let Some(g) = self.held.take() else {
            return;
        };
        let truncated = g.notes.iter().any(|n| n.fatal);
        if self.cur.is_none() && !truncated && follows_on(&g.movetext, line) {
            self.cur = Some(g);
            self.pending_blank = self.held_blanks;
        } else {
            out.push(g);
        }
    }

    fn start(&mut self, line: &LineRef<'_>) -> &mut Segment {
        self.cur.get_or_insert_with(|| Segment::at(line))
    }

    fn has_movetext(&self) -> bool {
        self.cur.as_ref().is_some_and(|g| !g.movetext.is_empty())
    }

    fn flush(&mut self, out: &mut Vec<Segment>) {
        if let Some(g) = self.held.take() {
            out.push(g);
        }
        if let Some(g) = self.cur.take() {
            out.push(g);
        }
        self.open = false;
        self.result_in_comment = false;
        self.pending_blank = 0;
        self.blank_after_tags = false;
    }

    /// Reads a tag-pair line: a new game when the current one has movetext, or when a blank
    /// line ended its tag section.
    fn tag_line(&mut self, line: &LineRef<'_>, pairs: TagPairs<'_>, out: &mut Vec<Segment>) {
        if self.has_movetext() || self.blank_after_tags {
            self.flush(out);
        }
        let g = self.start(line);
        if g.tags.is_empty() {
            // Room for a full header and the tags the record adds, so that the list is
            // not grown (and copied) tag by tag.
            g.tags.0.reserve(TAGS_ROOM);
        }
        for (n, v) in pairs {
            g.tags.set(n, v);
        }
    }

    /// The byte index in `text` where tag pairs glued to movetext start (`0-1[Event "B"]`),
    /// outside any comment; `None` when there are none.
    fn glued_tags(&self, text: &str) -> Option<usize> {
        if !text.contains("[") || !text.contains('"') {
            return None;
        }
        lex::line(text, self.open, self.semicolons())
            .map(|l| l.start)
            .find(|&i| {
                text[i..].starts_with('[')
                    && !text[..i].trim().is_empty()
                    && parse_tag_line(&text[i..]).is_some()
            })
    }

    /// How `;` reads in this source (see the type's documentation).
    fn semicolons(&self) -> Semicolons {
        if self.pgn {
            Semicolons::Pgn
        } else {
            Semicolons::Separators
        }
    }

    fn movetext_line(&mut self, line: &LineRef<'_>, text: &str, out: &mut Vec<Segment>) {
        let pending = std::mem::take(&mut self.pending_blank);
        self.blank_after_tags = false;
        let max = self.max_game_bytes;
        let (pgn, open, semicolons) = (self.pgn, self.open, self.semicolons());
        let g = self.start(line);
        if g.movetext.is_empty() {
            g.movetext_line = line.number;
        }
        let truncated = g.notes.iter().any(|n| n.fatal);
        if !truncated && (line.truncated || g.movetext.len() + pending + 1 + text.len() > max) {
            g.notes.push(SegmentNote {
                line: line.number,
                column: 1,
                message: format!(
                    "the game is too large to hold: its text passes {max} bytes here, and it \
                     is not transcribed"
                ),
                fatal: true,
                cut: false,
            });
        } else if !truncated {
            if !g.movetext.is_empty() {
                g.movetext.push('\n');
                for _ in 0..pending {
                    g.movetext.push('\n');
                }
            }
            if pgn || memchr::memchr(b';', text.as_bytes()).is_none() {
                g.movetext.push_str(text);
            } else {
                // Outside PGN, a `;` separates moves: read as a `,` (one byte for one, so
                // every column stays where it was printed). Not inside a `{` comment.
                let mut bytes = text.as_bytes().to_vec();
                for l in lex::line(text, open, semicolons) {
                    if l.piece == Piece::Separator {
                        bytes[l.start] = b',';
                    }
                }
                g.movetext
                    .push_str(std::str::from_utf8(&bytes).expect("`;` for `,` keeps UTF-8"));
            }
        }
        let (after_comment, open_from) = self.comments(line.number, text);
        // A result inside the open comment (read as the comment's own text).
        self.result_in_comment = self.open && ends_with_result(&text[open_from..]);
        if !self.open && ends_with_result(&text[after_comment..]) {
            self.flush(out);
        }
    }

    /// Reads the comments of a movetext line with the lexer: whether one is open at its
    /// end, and where it opened. Returns the byte after the line's last closed comment, and
    /// the byte where the text of the comment open at its end starts on it (0 when none
    /// opens on the line). Most lines hold no brace: only those are walked.
    fn comments(&mut self, number: usize, text: &str) -> (usize, usize) {
        if memchr::memchr2(b'{', b'}', text.as_bytes()).is_none() {
            return (0, 0);
        }
        let was_open = self.open;
        let mut lexer = lex::line(text, was_open, self.semicolons());
        let (mut after, mut open_from) = (0, 0);
        for l in lexer.by_ref() {
            match l.piece {
                Piece::Comment { closed: true } => after = l.end,
                Piece::Comment { closed: false } if !(was_open && l.start == 0) => {
                    self.brace_at = (number, text[..l.start].chars().count() + 1);
                    open_from = l.start + 1;
                }
                _ => {}
            }
        }
        self.open = lexer.open();
        (after, open_from)
    }
}

/// The steps of [`BlockSegmenter::push_line`], by the kind of line.
impl BlockSegmenter {
    /// A blank line: held while a game's tags wait for their movetext, counted inside an
    /// open comment, else it ends the game's movetext.
    fn blank_line(&mut self, out: &mut Vec<Segment>) {
        if self.held.is_some() && self.cur.is_none() {
            self.held_blanks += 1;
        } else if self.has_movetext() {
            if self.open {
                self.pending_blank += 1;
            } else {
                self.hold(out);
            }
        } else if self.cur.is_some() {
            self.blank_after_tags = true;
        }
    }

    /// A comment left open over a blank line (or a line that ends in a result) is cut
    /// where a line starts the next game: tag pairs, a header line naming the players, or
    /// move 1. The comment was never closed, or it swallows the next game's moves: the game
    /// ends before `line`, with a note at the `{`. Whether it was cut.
    fn cut_unclosed_comment(
        &mut self,
        line: &LineRef<'_>,
        trimmed: &str,
        out: &mut Vec<Segment>,
    ) -> bool {
        let after_blank = self.pending_blank > 0;
        if !(after_blank || self.result_in_comment) {
            return false;
        }
        let starts = if parse_tag_line(trimmed).is_some() {
            "tag pairs start"
        } else if parse_header_line(trimmed).is_some() {
            "a line naming the players starts"
        } else if opens_with_move_one(trimmed) {
            "move 1 starts"
        } else {
            return false;
        };
        let (l, c) = self.brace_at;
        let end = if after_blank {
            format!("the blank line before line {}", line.number)
        } else {
            format!("the result at the end of line {}", line.number - 1)
        };
        if let Some(g) = self.cur.as_mut() {
            g.notes.push(SegmentNote {
                line: l,
                column: c,
                message: format!(
                    "unclosed `{{`: the comment is taken to end at {end}, where {starts} \
                     the next game on line {}",
                    line.number
                ),
                fatal: false,
                cut: true,
            });
        }
        self.flush(out);
        true
    }

    /// PGN's escape line (`%…`): not read, but not lost in silence inside a game.
    fn escape_line(&mut self, line: &LineRef<'_>, trimmed: &str) {
        if self.has_movetext()
            && let Some(g) = self.cur.as_mut()
        {
            g.notes.push(SegmentNote {
                line: line.number,
                column: 1,
                message: format!(
                    "a line that starts with `%` is a PGN escape line, and is not \
                     read: `{}`",
                    trimmed.split_whitespace().collect::<Vec<_>>().join(" ")
                ),
                fatal: false,
                cut: false,
            });
        }
    }

    /// Whether the current game's moves have begun: it has a start position (`FEN`), or a
    /// move number in its movetext so far. Once true, it stays true for the game, and is
    /// not asked again (a game's movetext is read once for it, not once a line).
    fn moves_begun(&mut self) -> bool {
        let Some(g) = self.cur.as_ref() else {
            return false;
        };
        if self.begun_game == Some(g.line) {
            return true;
        }
        let begun = g.tags.get("FEN").is_some()
            || movetext::tokens(Dialect::Algebraic(AlgLang::En), &g.movetext)
                .any(|t| matches!(t.kind, TokenKind::MoveNumber { .. }));
        if begun {
            self.begun_game = Some(g.line);
        }
        begun
    }

    /// A line that states the odds of a game whose moves have not started (no move number
    /// yet, outside PGN): `Togliere Cb1 da Morphy`, `(White plays without his K. R.)`. The
    /// men it removes set the game's start position (`FEN`), with a note that says so,
    /// and the line is no movetext (blanked where the movetext has begun, so that lines
    /// keep their numbers): a word of it may read as a move (`Cb1`). Whether it was one.
    fn odds_line(&mut self, line: &LineRef<'_>, trimmed: &str, out: &mut Vec<Segment>) -> bool {
        // A line that opens with a number opens the moves: it is movetext, odds or not.
        if self.pgn
            || trimmed.starts_with(|c: char| c.is_ascii_digit())
            || self.moves_begun()
            || !odds::may_state_odds(trimmed)
        {
            return false;
        }
        let Odds::Read {
            giver,
            removed,
            assumed,
        } = odds::read(trimmed, None, None)
        else {
            return false;
        };
        let had_movetext = self.has_movetext();
        let g = self.start(line);
        g.tags.set("FEN", odds::start_fen(&removed));
        g.tags.set("SetUp", "1");
        let side = if giver == escriba_resolve::shakmaty::Color::White {
            "White"
        } else {
            "Black"
        };
        let squares: Vec<String> = removed.iter().map(ToString::to_string).collect();
        let assumed = if assumed {
            " (the line does not say who gives them: assumed)"
        } else {
            ""
        };
        g.notes.push(SegmentNote {
            line: line.number,
            column: 1,
            message: format!(
                "odds: {side} starts without the men of {}{assumed}",
                squares.join(", ")
            ),
            fatal: false,
            cut: false,
        });
        if had_movetext {
            let blank = " ".repeat(line.text.chars().count());
            self.movetext_line(line, &blank, out);
        }
        true
    }

    /// A header line naming the players (`white`, `black`): it starts a game, and the
    /// moves that follow the names on the line are its first movetext.
    fn header_line(
        &mut self,
        line: &LineRef<'_>,
        (white, black): (Option<String>, Option<String>),
        out: &mut Vec<Segment>,
    ) {
        let text = line.text;
        let trimmed = text.trim();
        if self.has_movetext() {
            self.flush(out);
        }
        let g = self.start(line);
        if let Some(w) = white {
            g.tags.set("White", w);
        }
        if let Some(b) = black {
            g.tags.set("Black", b);
        }
        if let Some(at) = header_moves_at(trimmed) {
            // The moves that follow the names on the line, in their columns.
            let lead = text.len() - text.trim_start().len();
            let names = &text[..lead + at];
            let mut rest = " ".repeat(names.chars().count());
            rest.push_str(&text[lead + at..]);
            self.movetext_line(line, &rest, out);
        }
    }
}

impl Segmenter for BlockSegmenter {
    fn push_line(&mut self, line: &LineRef<'_>, out: &mut Vec<Segment>) {
        let text = line.text;
        let trimmed = text.trim();
        if trimmed.is_empty() {
            self.blank_line(out);
            return;
        }
        self.release(trimmed, out);
        if self.open {
            self.cut_unclosed_comment(line, trimmed, out);
        }
        if !self.open {
            if self.pgn && text.starts_with('%') {
                self.escape_line(line, trimmed);
                return;
            }
            if let Some(pairs) = parse_tag_line(trimmed) {
                self.tag_line(line, pairs, out);
                return;
            }
            if let Some(names) = parse_header_line(trimmed) {
                self.header_line(line, names, out);
                return;
            }
        }
        if !self.open && self.odds_line(line, trimmed, out) {
            return;
        }
        if let Some(at) = self.glued_tags(text) {
            // Two files joined without a newline: the movetext, then the next game's tags.
            self.movetext_line(line, &text[..at], out);
            let rest = LineRef {
                text: &text[at..],
                offset: line.offset + at as u64,
                ..*line
            };
            self.push_line(&rest, out);
            return;
        }
        self.movetext_line(line, text, out);
    }

    fn finish(&mut self, out: &mut Vec<Segment>) {
        self.flush(out);
    }

    fn set_source(&mut self, name: &std::sync::Arc<str>) {
        self.pgn = &**name == "-"
            || std::path::Path::new(&**name)
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
    }
}

/// True when the first move number of `next` (a line) follows on from the last move of
/// `game`, a movetext that ends without a result: `11.` after `10. Nf3 Nc6`, `10...` after
/// `10. Nf3`.
fn follows_on(game: &str, next: &str) -> bool {
    // Move numbers read alike in every notation; a word no grammar reads counts as a move.
    let dialect = Dialect::Algebraic(AlgLang::En);
    let Some(TokenKind::MoveNumber { number, black }) =
        movetext::tokens(dialect, next).next().map(|t| t.kind)
    else {
        return false;
    };
    let mut depth = 0u32;
    let mut last = None;
    let mut moves = 0u32;
    for t in movetext::tokenize(dialect, game) {
        match t.kind {
            TokenKind::VariationStart => depth += 1,
            TokenKind::VariationEnd => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            TokenKind::MoveNumber { number, black } => {
                last = Some((number, black));
                moves = 0;
            }
            TokenKind::Move(_) | TokenKind::Unknown => moves += 1,
            TokenKind::Result(_) => return false,
            _ => {}
        }
    }
    let Some((n, b)) = last else {
        return false;
    };
    let want = match (b, moves) {
        (_, 0) => return false,
        (true, _) | (false, 2..) => (n.saturating_add(1), false),
        (false, _) => (n, true),
    };
    (number, black) == want
}

/// True when the first token of `line` is move 1 (`1.`, `1...`): a game's first move.
fn opens_with_move_one(line: &str) -> bool {
    // Move numbers read alike in every notation.
    let dialect = Dialect::Algebraic(AlgLang::En);
    matches!(
        movetext::tokens(dialect, line).next().map(|t| t.kind),
        Some(TokenKind::MoveNumber { number: 1, .. })
    )
}

/// Segments a whole decoded text with `seg` (convenience for tests and small inputs).
pub fn segment_text(seg: &mut dyn Segmenter, text: &str) -> Vec<Segment> {
    let mut out = Vec::new();
    let mut offset = 0u64;
    for (i, l) in text.split('\n').enumerate() {
        seg.push_line(
            &LineRef {
                text: l,
                number: i + 1,
                offset,
                encoding: Encoding::Utf8,
                truncated: false,
            },
            &mut out,
        );
        offset += l.len() as u64 + 1;
    }
    seg.finish(&mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seg(text: &str) -> Vec<Segment> {
        segment_text(&mut BlockSegmenter::new(), text)
    }

    #[test]
    fn pgn_games_split_at_tag_sections() {
        let t =
            "[Event \"A\"]\n[White \"X\"]\n\n1. e4 e5\n2. Nf3 1-0\n\n[Event \"B\"]\n\n1. d4 *\n";
        let g = seg(t);
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].tags.get("White"), Some("X"));
        assert_eq!(g[0].movetext, "1. e4 e5\n2. Nf3 1-0");
        assert_eq!((g[0].line, g[0].movetext_line), (1, 4));
        assert_eq!(g[1].tags.get("Event"), Some("B"));
        assert_eq!((g[1].line, g[1].movetext_line), (7, 9));
        assert_eq!(g[1].offset, t.find("[Event \"B\"]").unwrap() as u64);
    }

    #[test]
    fn tags_right_after_movetext_start_a_new_game() {
        let g = seg("[Event \"A\"]\n1. e4 *\n[Event \"B\"]\n1. d4 *");
        assert_eq!(g.len(), 2);
        assert_eq!(g[1].movetext, "1. d4 *");
    }

    #[test]
    fn plain_blocks_with_header_lines() {
        let t = "White: Teichmann. Black: Rubinstein.\n1. P-Q4 P-Q4\n2. Kt-KB3 Kt-KB3\n\n\
                 WHITE. (Mr. M.)   BLACK. (M. B.)\n1. P to K's 4th.\n\n1. e4 e5\n";
        let g = seg(t);
        assert_eq!(g.len(), 3);
        assert_eq!(g[0].tags.get("White"), Some("Teichmann"));
        assert_eq!(g[0].tags.get("Black"), Some("Rubinstein"));
        assert_eq!(g[0].movetext, "1. P-Q4 P-Q4\n2. Kt-KB3 Kt-KB3");
        assert_eq!(g[1].tags.get("White"), Some("Mr. M."));
        assert_eq!(g[1].movetext_line, 6);
        assert!(g[2].tags.is_empty());
        assert_eq!((g[2].line, g[2].movetext_line), (8, 8));
    }

    #[test]
    fn header_lines_on_two_lines_fill_one_game() {
        let g = seg("Blancas: Capablanca\nNegras: N. N.\n1. P4R P4R\n");
        assert_eq!(g.len(), 1);
        assert_eq!(g[0].tags.get("White"), Some("Capablanca"));
        assert_eq!(g[0].tags.get("Black"), Some("N. N."));
    }

    #[test]
    fn blank_line_inside_an_open_comment_does_not_split() {
        let g = seg("1. e4 {a long\n\nnote} e5\n\n1. d4");
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].movetext, "1. e4 {a long\n\nnote} e5");
    }

    #[test]
    fn a_line_ending_in_a_result_ends_the_game() {
        let g = seg("1. e4 e5 1-0\n1. d4 d5 0-1\n1. P-K4 Resigns.\n1. c4 *");
        let texts: Vec<_> = g.iter().map(|g| g.movetext.as_str()).collect();
        assert_eq!(
            texts,
            [
                "1. e4 e5 1-0",
                "1. d4 d5 0-1",
                "1. P-K4 Resigns.",
                "1. c4 *"
            ]
        );
        assert_eq!(g[1].movetext_line, 2);
        // Inside a comment a result is words.
        assert_eq!(seg("1. e4 {it was\n1-0\nsoon} e5 *").len(), 1);
    }

    #[test]
    fn tags_after_a_blank_line_that_ends_a_tag_section_start_a_new_game() {
        let g = seg("[White \"A\"]\n[Result \"1-0\"]\n\n[White \"B\"]\n\n1. e4 *\n");
        assert_eq!(g.len(), 2);
        assert!(g[0].movetext.is_empty());
        assert_eq!(g[0].tags.get("Result"), Some("1-0"));
        assert_eq!(g[1].tags.get("White"), Some("B"));
        assert_eq!(g[1].tags.get("Result"), None);
    }

    #[test]
    fn tags_glued_to_movetext_start_the_next_game_where_they_start() {
        let t = "1. e4 e5 0-1[Event \"B\"] [White \"X\"]\n\n1. d4 *";
        let g = seg(t);
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].movetext, "1. e4 e5 0-1");
        assert_eq!(g[1].tags.get("Event"), Some("B"));
        assert_eq!(g[1].offset, t.find('[').unwrap() as u64);
        // Not inside a comment, and not a footnote.
        let g = seg("1. e4 {see [Event \"B\"]} e5 [A] *");
        assert_eq!(g.len(), 1);
    }

    #[test]
    fn an_unclosed_comment_ends_at_tags_after_a_blank_line_with_a_note() {
        let g = seg("1. e4 e5 {\n\n[White \"B\"]\n\n1. d4 d5 *\n");
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].movetext, "1. e4 e5 {");
        assert_eq!((g[0].notes[0].line, g[0].notes[0].column), (1, 10));
        assert!(!g[0].notes[0].fatal);
        assert_eq!(g[1].tags.get("White"), Some("B"));
        assert_eq!(g[1].movetext, "1. d4 d5 *");
    }

    #[test]
    fn a_game_past_the_size_limit_is_cut_with_a_fatal_note() {
        let mut s = BlockSegmenter::with_max_game_bytes(20);
        let g = segment_text(&mut s, "1. e4 e5 2. Nf3\n3. Bb5 a6 4. Ba4\n5. O-O\n\n1. d4");
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].movetext, "1. e4 e5 2. Nf3");
        assert!(g[0].notes[0].fatal);
        assert_eq!(g[0].notes[0].line, 2);
        assert!(g[1].notes.is_empty());
    }

    #[test]
    fn header_only_block_without_movetext_still_yields_a_game() {
        let g = seg("[Event \"Empty\"]\n");
        assert_eq!(g.len(), 1);
        assert!(g[0].movetext.is_empty());
    }
}
