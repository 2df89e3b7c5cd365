//! The claim check over generated games: games with notes, variations (that replay, that
//! do not, with a result inside), NAGs, results, text after the result, `;` comments, `%`
//! lines, footnote and page marks, unread words and stray `)`. Read as they are, no claim
//! is missing; with any one claim dropped (the test hook), the game reports the range and
//! is not complete.

use std::sync::Arc;

use escriba_notation::movetext;
use proptest::prelude::*;

use super::claims::{DROP_CLAIM, LAST_CLAIMS};
use super::*;
use crate::segment::{BlockSegmenter, Segmenter, segment_text};

/// A legal game, ply by ply.
const GAME: [&str; 20] = [
    "e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6",
    "c3", "O-O", "h3", "Nb8", "d4", "Nbd7",
];

/// A variation that replays in place of ply `i`, for the first plies.
const REPLAYS: [&str; 6] = [
    "(1. d4 d5)",
    "(1... c5 2. Nf3)",
    "(2. Nc3 Nc6)",
    "(2... d6)",
    "(3. Bc4 Bc5)",
    "(3... Nf6)",
];

/// What may follow a ply.
#[derive(Debug, Clone, Copy)]
enum Piece {
    Nag,
    Glyph,
    Note,
    Variation,
    Unplayable,
    ResultInVariation,
    Semicolon,
    Percent,
    Footnote,
    PageMark,
    Unread,
    StrayParen,
    DrawOffer,
    Newline,
}

fn piece() -> impl Strategy<Value = Piece> {
    prop_oneof![
        Just(Piece::Nag),
        Just(Piece::Glyph),
        Just(Piece::Note),
        Just(Piece::Variation),
        Just(Piece::Unplayable),
        Just(Piece::ResultInVariation),
        Just(Piece::Semicolon),
        Just(Piece::Percent),
        Just(Piece::Footnote),
        Just(Piece::PageMark),
        Just(Piece::Unread),
        Just(Piece::StrayParen),
        Just(Piece::DrawOffer),
        Just(Piece::Newline),
    ]
}

/// The game's text: `plies` plies of [`GAME`], each followed by its pieces, then `end`
/// (0: nothing, 1: `1-0`, 2: `*`, 3: `*` and more moves after it).
fn render(plies: usize, pieces: &[Vec<Piece>], end: u8) -> String {
    let mut s = String::new();
    for (i, san) in GAME.iter().take(plies).enumerate() {
        if i % 2 == 0 {
            s.push_str(&format!("{}. ", i / 2 + 1));
        }
        s.push_str(san);
        for p in pieces.get(i).into_iter().flatten() {
            s.push_str(match p {
                Piece::Nag => " $1",
                Piece::Glyph => " !?",
                Piece::Note => " {a note: 5. d4 was better}",
                Piece::Variation => REPLAYS.get(i).copied().unwrap_or("(zz9 qq7)"),
                Piece::Unplayable => " (1. Qh5 Qh4 2. Qxf7)",
                Piece::ResultInVariation if i == 1 => " (1... c5 * 2. Nf3 d6)",
                Piece::ResultInVariation => " (zz9 1-0 qq7)",
                Piece::Semicolon => " ; a remark, 9. Nf3\n",
                Piece::Percent => "\n% an escape line 4. d4\n",
                Piece::Footnote => " [A]",
                Piece::PageMark => " {160}",
                Piece::Unread => " zz9",
                Piece::StrayParen => " )",
                Piece::DrawOffer => " (=)",
                Piece::Newline => "\n",
            });
        }
        s.push(' ');
    }
    s.push_str(match end {
        1 => "1-0",
        2 => "*",
        3 => "* 11. Nf3 Nc6",
        _ => "",
    });
    s
}

fn read(text: &str) -> GameResult {
    let cfg = Config {
        notation: crate::Notation::Fixed("en-algebraic".parse().expect("a dialect")),
        ..Config::default()
    };
    let mut seg: Box<dyn Segmenter> = Box::new(BlockSegmenter::new());
    seg.set_source(&Arc::from("games.pgn"));
    let segment = segment_text(seg.as_mut(), text).remove(0);
    process_game(
        &GameText {
            source: Arc::from("games.pgn"),
            index: 1,
            segment,
        },
        &cfg,
    )
}

fn accounting(r: &GameResult) -> Vec<&Issue> {
    r.issues
        .iter()
        .filter(|i| i.message.starts_with("escriba's accounting"))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn every_claim_is_made_and_a_dropped_one_is_reported_where_it_was(
        plies in 1usize..=20,
        pieces in proptest::collection::vec(proptest::collection::vec(piece(), 0..3), 20),
        end in 0u8..4,
    ) {
        let text = render(plies, &pieces, end);
        let honest = read(&text);
        prop_assert!(accounting(&honest).is_empty(), "{text:?}: {:?}", honest.issues);
        let claims = LAST_CLAIMS.with_borrow(Clone::clone);
        let dialect = honest.dialect.unwrap_or(Dialect::ALL[0]);
        let tokens = movetext::tokenize(dialect, &honest.movetext);
        let map = LineMap::new(&honest.movetext, honest.movetext_line);
        for (k, c) in claims.iter().enumerate() {
            // The first token the claim holds: where the gap starts.
            let Some(first) = tokens
                .iter()
                .map(|t| t.span.start as usize)
                .find(|s| (c.start..c.end).contains(s))
            else {
                continue;
            };
            DROP_CLAIM.set(Some(k));
            let r = read(&text);
            DROP_CLAIM.set(None);
            let (line, column) = map.locate(&honest.movetext, first);
            let at = format!("games.pgn:{line}:{column}-");
            prop_assert!(
                accounting(&r).iter().any(|i| i.message.contains(&at)),
                "claim {k} {c:?} dropped in {text:?}, not reported at {at}: {:?}",
                r.issues
            );
            prop_assert!(r.status != GameStatus::Complete, "{text:?} without claim {c:?}");
        }
    }
}

#[test]
fn the_losses_of_the_first_pass_are_claimed_with_their_reasons() {
    use super::claims::{CommentReason, Owner};
    let owners = |text: &str| {
        let r = read(text);
        assert!(accounting(&r).is_empty(), "{:?}", r.issues);
        LAST_CLAIMS.with_borrow(|c| {
            c.iter()
                .map(|c| (r.movetext[c.start..c.end].trim().to_owned(), c.owner))
                .collect::<Vec<_>>()
        })
    };
    // A result inside a variation: its moves after the result are the variation's text
    // after its result, and the main line goes on.
    let o = owners("1. e4 e5 (1... c5 * 2. Nf3 d6) 2. Nf3 Nc6 *");
    assert!(o.contains(&(
        "2. Nf3 d6".into(),
        Owner::Comment(CommentReason::AfterResult)
    )));
    // A `;` comment in a PGN file holds the rest of its line, and the game is partial.
    let r = read("1. e4 e5 2. Nf3 ; Nc6 3. Bb5\n a6 *");
    assert_eq!(r.status, GameStatus::Partial);
    let o = owners("1. e4 e5 2. Nf3 ; Nc6 3. Bb5\n a6 *");
    assert!(o.contains(&(
        "; Nc6 3. Bb5".into(),
        Owner::Comment(CommentReason::Semicolon)
    )));
}
