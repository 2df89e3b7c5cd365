//! PGN export: the Seven Tag Roster first, SAN movetext with move numbers, NAGs and
//! comments, lines shorter than 80 characters.

use crate::config::Config;
use crate::game::comment_safe;
use crate::game::record::{GameResult, Item};
use escriba_notation::tags::escape_value;

/// The longest line written (PGN export format: fewer than 80 characters).
pub(crate) const MAX_LINE: usize = 79;

/// Fills lines with words up to [`MAX_LINE`] characters.
struct Wrapper<'a> {
    out: &'a mut String,
    len: usize,
}

impl Wrapper<'_> {
    /// Makes room for a word of `n` characters: a line break when it would pass
    /// [`MAX_LINE`], else a space after the line's last word.
    fn room(&mut self, n: usize) {
        if self.len > 0 && self.len + 1 + n > MAX_LINE {
            self.out.push('\n');
            self.len = 0;
        }
        if self.len > 0 {
            self.out.push(' ');
            self.len += 1;
        }
        self.len += n;
    }

    /// `12.`, `12...`, `$3`: a number with a prefix and a suffix (ASCII), written straight
    /// into the output.
    fn number(&mut self, prefix: &str, n: u32, suffix: &str) {
        // The digits written directly: `write!` costs more than the rest of the word.
        let mut buf = itoa::Buffer::new();
        let digits = buf.format(n);
        self.room(prefix.len() + digits.len() + suffix.len());
        self.out.push_str(prefix);
        self.out.push_str(digits);
        self.out.push_str(suffix);
    }

    fn word(&mut self, w: &str) {
        let n = if w.is_ascii() {
            w.len()
        } else {
            w.chars().count()
        };
        if n > MAX_LINE {
            // Only a comment word can be this long: cut it (the cut adds a line break).
            let chars: Vec<char> = w.chars().collect();
            for piece in chars.chunks(MAX_LINE - 1) {
                self.word(&piece.iter().collect::<String>());
            }
            return;
        }
        self.room(n);
        self.out.push_str(w);
    }

    fn comment(&mut self, text: &str) {
        let text = comment_safe(text);
        let words: Vec<&str> = text.split(' ').filter(|w| !w.is_empty()).collect();
        match words.len() {
            0 => self.word("{}"),
            1 => self.word(&format!("{{{}}}", words[0])),
            n => {
                self.word(&format!("{{{}", words[0]));
                for w in &words[1..n - 1] {
                    self.word(w);
                }
                self.word(&format!("{}}}", words[n - 1]));
            }
        }
    }
}

/// Appends one game in PGN export format, followed by a blank line.
pub fn write_game(r: &GameResult, cfg: &Config, out: &mut String) {
    write_game_with(r, cfg, out, |p| {
        if !(cfg.annotate_flags && p.status.is_flagged()) {
            return None;
        }
        let mut c = format!("escriba: {}", p.status.as_str());
        if let Some(n) = &p.note {
            c.push_str(": ");
            c.push_str(n);
        }
        if !p.alternatives.is_empty() {
            c.push_str("; also possible: ");
            c.push_str(&p.alternatives.join(", "));
        }
        Some(c)
    });
}

/// About the bytes [`write_game`] writes for `r` (a little more, as a rule): the room to
/// reserve so that the output grows once.
pub(crate) fn size_hint(r: &GameResult) -> usize {
    // A tag line adds `[`, ` "`, `"]` and a newline; the roster's defaults are short.
    let tags: usize = r.tags.0.iter().map(|(n, v)| n.len() + v.len() + 6).sum();
    // A ply is its SAN (up to 7 bytes, most 3 to 5), a space, and every other one a number.
    let moves = 8 * r.plies.len();
    let items: usize = r
        .items
        .iter()
        .map(|i| match i {
            Item::Comment { text } | Item::Untranscribed { text, .. } => text.len() + 48,
            _ => 0,
        })
        .sum();
    tags + 7 * 16 + moves + items + 16
}

/// [`write_game`] with the comment written after each ply chosen by `ply_comment`
/// (`None`: no comment). `write_game` uses it for `--annotate-flags`; the corpus QA
/// snapshots use it to record every non-exact ply's status.
pub fn write_game_with(
    r: &GameResult,
    cfg: &Config,
    out: &mut String,
    ply_comment: impl Fn(&escriba_resolve::Ply) -> Option<String>,
) {
    r.tags.for_each_in_export_order(|name, value| {
        out.push('[');
        out.push_str(name);
        out.push_str(" \"");
        out.push_str(&escape_value(value));
        out.push_str("\"]\n");
    });
    out.push('\n');
    let mut w = Wrapper { out, len: 0 };
    let mut need_number = true;
    write_items(
        &mut w,
        &r.items,
        &r.plies,
        cfg,
        &ply_comment,
        &mut need_number,
    );
    w.word(r.result);
    out.push_str("\n\n");
}

/// Writes a line's items: the main line's, or a variation's with its own plies.
fn write_items(
    w: &mut Wrapper<'_>,
    items: &[Item],
    plies: &[crate::game::PlyRecord],
    cfg: &Config,
    ply_comment: &impl Fn(&escriba_resolve::Ply) -> Option<String>,
    need_number: &mut bool,
) {
    let english = cfg.letters.is_english();
    for item in items {
        match item {
            Item::Ply { index } => {
                let p = &plies[*index].ply;
                let white = p.color == escriba_resolve::shakmaty::Color::White;
                if white {
                    w.number("", p.move_number, ".");
                } else if *need_number {
                    w.number("", p.move_number, "...");
                }
                *need_number = false;
                if english {
                    w.word(&p.san);
                } else {
                    w.word(&cfg.letters.applied(&p.san));
                }
                if let Some(n) = p.nag {
                    w.number("$", n.into(), "");
                }
                if let Some(c) = ply_comment(p) {
                    w.comment(&c);
                    *need_number = true;
                }
            }
            Item::Variation { plies, items } => {
                w.word("(");
                let mut inner = true;
                write_items(w, items, plies, cfg, ply_comment, &mut inner);
                w.word(")");
                *need_number = true;
            }
            Item::Nag { nag } => w.number("$", (*nag).into(), ""),
            Item::Comment { text } => {
                w.comment(text);
                *need_number = true;
            }
            Item::Untranscribed { from, text } => {
                w.comment(&format!("escriba: untranscribed from {from} : {text}"));
                *need_number = true;
            }
        }
    }
}

#[cfg(test)]
mod number_tests {
    use super::Wrapper;

    #[test]
    fn move_numbers_and_nags_are_written_in_full_with_their_prefix_and_suffix() {
        let mut out = String::new();
        let mut w = Wrapper {
            out: &mut out,
            len: 0,
        };
        for (prefix, n, suffix) in [
            ("", 1, "."),
            ("", 10, "..."),
            ("$", 0, ""),
            ("", 4_294_967_295, "."),
        ] {
            w.number(prefix, n, suffix);
        }
        assert_eq!(out, "1. 10... $0 4294967295.");
    }
}

/// PGN read back with `pgn-reader` (an independent reader) for the tests: each game's
/// main-line SAN.
#[cfg(test)]
pub(crate) fn read_back(pgn: &str) -> Vec<ReadBack> {
    use pgn_reader::{Reader, SanPlus, Visitor};
    use std::ops::ControlFlow;
    struct Sans;
    impl Visitor for Sans {
        type Tags = ();
        type Movetext = Vec<String>;
        type Output = ReadBack;
        fn begin_tags(&mut self) -> ControlFlow<ReadBack> {
            ControlFlow::Continue(())
        }
        fn begin_movetext(&mut self, (): ()) -> ControlFlow<ReadBack, Vec<String>> {
            ControlFlow::Continue(Vec::new())
        }
        fn san(&mut self, sans: &mut Vec<String>, san: SanPlus) -> ControlFlow<ReadBack> {
            sans.push(san.to_string());
            ControlFlow::Continue(())
        }
        fn end_game(&mut self, sans: Vec<String>) -> ReadBack {
            ReadBack { sans }
        }
    }
    let mut reader = Reader::new(std::io::Cursor::new(pgn.as_bytes()));
    std::iter::from_fn(|| reader.read_game(&mut Sans).expect("escriba's PGN reads")).collect()
}

/// One game read back by [`read_back`].
#[cfg(test)]
pub(crate) struct ReadBack {
    /// Its main line's SAN.
    pub(crate) sans: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::process_game;
    use crate::game::record::{GameStatus, GameText};
    use crate::segment::{BlockSegmenter, segment_text};
    use std::sync::Arc;

    fn result(text: &str) -> GameResult {
        let seg = segment_text(&mut BlockSegmenter::new(), text).remove(0);
        process_game(
            &GameText {
                source: Arc::from("b.pgn"),
                index: 1,
                segment: seg,
            },
            &Config::default(),
        )
    }

    #[test]
    fn tags_are_written_roster_first_then_source_tags() {
        let r = result("[Annotator \"Me\"]\n[White \"A\"]\n\n{only a note} *");
        let mut s = String::new();
        write_game(&r, &Config::default(), &mut s);
        let tags: Vec<&str> = s.lines().take_while(|l| l.starts_with('[')).collect();
        assert_eq!(
            tags,
            [
                "[Event \"?\"]",
                "[Site \"?\"]",
                "[Date \"????.??.??\"]",
                "[Round \"?\"]",
                "[White \"A\"]",
                "[Black \"?\"]",
                "[Result \"*\"]",
                "[Annotator \"Me\"]",
                "[Source \"b.pgn:1\"]",
                "[EscribaGame \"1\"]",
            ]
        );
        assert!(s.ends_with("{only a note} *\n\n"), "{s}");
    }

    #[test]
    fn movetext_lines_stay_shorter_than_80() {
        let long = (0..60)
            .map(|i| format!("word{i}"))
            .collect::<Vec<_>>()
            .join(" ");
        let huge = "x".repeat(200);
        let r = result(&format!(
            "[Event \"E\"]\n\n{{{long} {huge}}} 1. zz yy xx ww vv uu tt {long}"
        ));
        assert!(r.status.is_broken() || r.status == GameStatus::Complete);
        let mut s = String::new();
        write_game(&r, &Config::default(), &mut s);
        for line in s.lines().filter(|l| !l.starts_with('[')) {
            assert!(line.chars().count() < 80, "line too long: {line:?}");
        }
        assert!(
            s.replace('\n', " ")
                .contains("{escriba: untranscribed from 1. : zz yy"),
            "{s}"
        );
    }

    #[test]
    fn a_brace_in_untranscribed_text_does_not_swallow_the_next_game() {
        // Books carry page marks such as `{160}` in their prose; when such text ends up in
        // an untranscribed comment, the PGN must still read back as two games.
        let mut s = String::new();
        write_game(
            &result("[Event \"A\"]\n\n1. zz the {160} same Knight\n"),
            &Config::default(),
            &mut s,
        );
        write_game(
            &result("[Event \"B\"]\n\n1. e4 e5 *\n"),
            &Config::default(),
            &mut s,
        );
        let games = read_back(&s);
        assert_eq!(games.len(), 2, "{s}");
        assert_eq!(games[1].sans, ["e4", "e5"], "{s}");
    }
}
