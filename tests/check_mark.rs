//! A check mark is evidence. A reading that contradicts the book's check or mate mark
//! competes with the readings that earn it (repaired ones included), and a ply whose chosen
//! reading contradicts its mark is never `exact`.

use escriba_notation::damage::damage;
use escriba_notation::{
    CheckMark, DescLang, Dialect, Form, KnightLetter, Style, TokenKind, movetext, parse_move,
};
use escriba_resolve::describe::write_game;
use escriba_resolve::shakmaty::Chess;
use escriba_resolve::{Decoded, Options, Status, resolve, start_position};

use escriba_testkit::{Rng, random_game};

const EN: Dialect = Dialect::Descriptive(DescLang::En);
const ES: Dialect = Dialect::Descriptive(DescLang::Es);

/// Decodes `text` from the position `fen`.
fn read(text: &str, dialect: Dialect, fen: &str) -> Decoded {
    let start = start_position(Some(fen), false).unwrap();
    resolve(text, dialect, start, &Options::default())
}

/// Each ply as `SAN status`.
fn plies(d: &Decoded) -> Vec<String> {
    d.plies
        .iter()
        .map(|p| format!("{} {}", p.san, p.status.as_str()))
        .collect()
}

#[test]
fn a_pawn_that_queens_with_check_printed_is_the_capture_that_gives_it() {
    // The pawn on c7 may push to c8 (the rook on d8 blocks the rank: no check) or take the
    // rook on d8 (check along the rank). The book marks check.
    let d = read(
        "29. P. queens. (ch.)",
        EN,
        "3r3k/2P5/8/8/8/8/8/K7 w - - 0 29",
    );
    assert!(d.failure.is_none(), "{:?}", d.failure);
    let p = &d.plies[0];
    assert!(
        p.san.as_str() == "cxd8=Q+" || p.status != Status::Exact,
        "a reading that contradicts the mark is never exact: {:?}",
        plies(&d)
    );
    assert_eq!(plies(&d), ["cxd8=Q+ repaired"], "{:?}", p.note);
}

#[test]
fn a_swapped_wing_that_earns_the_check_mark_beats_the_reading_that_contradicts_it() {
    // `Q. Kt's 5th.` is b5 (no check); the king's knight's fifth, g5, checks the king on g8
    // down the open file. The book marks check: the wing was swapped.
    let text = "1. Q. R. to Q. R's 5th. K. to K. Kt's sq. \
                2. Q. R. to Q. Kt's 5th. (ch.) K. to K. B's 2d.";
    let d = read(text, EN, "7k/8/8/8/8/8/8/R6K w - - 0 1");
    assert!(d.failure.is_none(), "{:?}", d.failure);
    assert_eq!(
        plies(&d),
        ["Ra5 exact", "Kg8 exact", "Rg5+ repaired", "Kf7 exact"],
        "{:?}",
        d.plies[2].note
    );
}

#[test]
fn a_misread_rank_digit_that_earns_the_check_mark_beats_the_reading_that_contradicts_it() {
    // Spanish `D3R+` is Qe6, no check; `D8R+` (3 for 8, the commonest glyph confusion) is
    // Qe1+, which checks the king on h1 along the rank.
    let d = read("1... D3R+", ES, "k7/8/8/8/4q3/8/6P1/7K b - - 0 1");
    assert!(d.failure.is_none(), "{:?}", d.failure);
    assert_eq!(plies(&d), ["Qe1+ repaired"], "{:?}", d.plies[0].note);
}

#[test]
fn a_reading_that_contradicts_the_mark_with_no_rival_is_flagged_with_the_note() {
    // Only one move reads `Q. to K. R's 5th.`, and it gives no check: the book's mark is
    // wrong or damaged. The ply is kept, flagged, never `exact`.
    let d = read(
        "1. Q. to K. R's 5th. (ch.)",
        EN,
        "k7/8/8/8/8/8/8/3Q3K w - - 0 1",
    );
    assert!(d.failure.is_none(), "{:?}", d.failure);
    let p = &d.plies[0];
    assert_eq!(p.san.as_str(), "Qh5");
    assert_eq!(p.status, Status::Repaired, "{:?}", p.note);
    assert!(
        p.note.as_deref().is_some_and(|n| n.contains("check mark")),
        "{:?}",
        p.note
    );
}

#[test]
fn a_check_the_book_left_unmarked_stays_exact() {
    // Old books often print no mark for a check: that is no contradiction.
    let d = read("1. Q. to Q's 8th.", EN, "k7/8/8/8/8/8/8/3Q3K w - - 0 1");
    assert_eq!(plies(&d), ["Qd8+ exact"], "{:?}", d.plies);
}

/// Whether the mark printed in `text` (a move token in `dialect`) contradicts `san`: a check
/// or mate mark on a move that gives no check, or a mate mark on one that only checks.
fn contradicts(dialect: Dialect, text: &str, san: &str) -> bool {
    let Ok(mv) = parse_move(dialect, text) else {
        return false;
    };
    match mv.check {
        None => false,
        Some(CheckMark::Mate) => !san.ends_with('#'),
        Some(_) => !san.ends_with('+') && !san.ends_with('#'),
    }
}

/// Generated games printed with their true check marks, about one move in six damaged
/// by the damage model: no ply comes out `exact` with a reading its printed mark
/// contradicts, in every dialect and style the damage model covers.
#[test]
fn no_ply_is_exact_with_a_reading_its_check_mark_contradicts() {
    let long_hand = Style {
        form: Form::LongHand,
        knight: KnightLetter::Kt,
    };
    let mut rng = Rng::new(2212);
    let (mut contradicted, mut exact) = (0, Vec::new());
    for (dialect, style) in [
        (EN, Style::default()),
        (EN, long_hand),
        (ES, Style::default()),
    ] {
        for _ in 0..300 {
            let moves = random_game(&mut rng, 100);
            let start = Chess::default();
            let mut text = write_game(&start, &moves, dialect, style).unwrap();
            let spans: Vec<_> = movetext::tokenize(dialect, &text)
                .iter()
                .filter(|t| matches!(t.kind, TokenKind::Move(_)))
                .map(|t| t.span)
                .collect();
            // Back to front, so that earlier spans stay valid.
            for span in spans.iter().rev() {
                if rng.below(6) != 0 {
                    continue;
                }
                if let Some(bad) = damage(dialect, &text[span.range()], &mut |n| rng.below(n)) {
                    text.replace_range(span.range(), &bad);
                }
            }
            let d = resolve(&text, dialect, start, &Options::default());
            for p in &d.plies {
                let printed = &text[p.span.range()];
                if !contradicts(dialect, printed, p.san.as_str()) {
                    continue;
                }
                contradicted += 1;
                if p.status == Status::Exact {
                    exact.push(format!("`{printed}` read as {} ({:?})", p.san, p.note));
                }
            }
        }
    }
    eprintln!("plies whose reading contradicts the printed mark: {contradicted}");
    assert!(exact.is_empty(), "exact plies:\n{}", exact.join("\n"));
}
