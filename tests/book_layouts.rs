//! Book mode on the layouts books print, each typed here as a short excerpt: the games are
//! facts (their moves), the layouts are the books'.

use escriba_pipeline::book::{UnitKind, cut_text};
use escriba_pipeline::game::{GameResult, Item};
use escriba_pipeline::{GameStatus, Notation};
use escriba_resolve::Status;

/// Cuts `text` as a book and transcribes every unit worth decoding.
fn book(text: &str) -> Vec<GameResult> {
    crate::common::read_book(text, "book.txt")
}

fn sans(r: &GameResult) -> Vec<&str> {
    r.plies.iter().map(|p| p.ply.san.as_str()).collect()
}

fn words(s: &str) -> Vec<&str> {
    s.split_whitespace().collect()
}

/// The Opera game (Morphy v. the Duke of Brunswick and Count Isouard, Paris 1858).
const OPERA: &str = "e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 \
                     Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#";

#[test]
fn four_columns_are_read_left_pairs_first_then_right_pairs() {
    let text = "\
GAME 3.--The Opera game.

White: Morphy.  Black: The Duke of Brunswick and Count Isouard.

 1 P to K4       P to K4           10 Kt takes P     P takes Kt
 2 Kt to KB3     P to Q3           11 B takes P ch   QKt to Q2
 3 P to Q4       B to Kt5          12 Castles QR     R to Q sq
 4 P takes P     B takes Kt        13 R takes Kt     R takes R
 5 Q takes B     P takes P         14 R to Q sq      Q to K3
 6 B to QB4      Kt to KB3         15 B takes R ch   Kt takes B
 7 Q to QKt3     Q to K2           16 Q to Kt8 ch    Kt takes Q
 8 Kt to B3      P to B3           17 R to Q8 mate
 9 B to KKt5     P to QKt4
";
    let games = book(text);
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(g.status, GameStatus::Complete, "{:?}", g.failure);
    assert_eq!(sans(g), words(OPERA));
    assert_eq!(g.result, "1-0", "the mate gives the result");
    // The right-hand pairs keep their own lines and columns.
    let p19 = &g.plies[18];
    assert_eq!(
        (p19.line, p19.column),
        (5, 39),
        "10 Kt takes P is on line 5"
    );
    assert_eq!(g.tags.get("White"), Some("Morphy"));
}

#[test]
fn black_first_in_a_pre_1860_score_starts_with_black_to_move() {
    // The left column is headed Black, and its player moved first.
    let text = "\
Black. (M. Janisch.)        White. (M. --.)
1. K. P. two                1. K. P. two
2. K. Kt. to B. third       2. Q. P. two
3. Kt. takes K. P.          3. Q. to K. second
4. Q. P. two                4. K. B. P. one
5. K. Kt. to B. third       5. P. takes K. P.
6. K. Kt. to Q. second      6. K. B. P. one
";
    let games = book(text);
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(g.status, GameStatus::Complete, "{:?}", g.failure);
    assert_eq!(
        g.tags.get("FEN"),
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1")
    );
    assert_eq!(g.tags.get("SetUp"), Some("1"));
    assert_eq!(
        sans(g),
        words("e5 e4 Nf6 d4 Nxe4 Qe2 d5 f3 Nf6 dxe5 Nfd7 f4")
    );
    assert_eq!(
        g.plies[0].ply.color,
        escriba_resolve::shakmaty::Color::Black
    );
}

#[test]
fn blacks_column_printed_first_is_read_in_play_order_when_white_moved_first() {
    let text = "\
GAME 4.

     BLACK.                   WHITE.
  1. P-Q4                  1. P-K4
  2. QxP                   2. PxP
  3. Q-QR4                 3. Kt-QB3
";
    let games = book(text);
    let g = &games[0];
    assert_eq!(g.status, GameStatus::Complete, "{:?}", g.failure);
    assert_eq!(g.tags.get("FEN"), None, "White moved first: no set-up");
    assert_eq!(sans(g), words("e4 d5 exd5 Qxd5 Nc3 Qa5"));
    assert_eq!(g.flagged, 0);
    // Each ply keeps the line and column of its own column.
    assert_eq!((g.plies[0].line, g.plies[0].column), (4, 31));
    assert_eq!((g.plies[1].line, g.plies[1].column), (4, 6));
}

#[test]
fn a_second_notation_beside_the_first_is_checked_ply_by_ply() {
    let agree = "\
GAME 5.

 1. P-K4      e4        P-K4      e5
 2. Kt-KB3    Nf3       Kt-QB3    Nc6
 3. B-Kt5     Bb5       P-QR3     a6
 4. B-R4      Ba4       Kt-B3     Nf6
 5. P-Q3      d3        B-K2      Be7
";
    let g = &book(agree)[0];
    assert_eq!(g.status, GameStatus::Complete, "{:?}", g.failure);
    assert_eq!(sans(g), words("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 d3 Be7"));
    assert_eq!(g.flagged, 0, "both notations agree");

    let disagree = agree.replace("B-Kt5     Bb5", "B-Kt5     Bc4");
    let g = &book(&disagree)[0];
    assert_eq!(g.plies[4].ply.san, "Bb5", "the book's own notation is read");
    assert_eq!(g.plies[4].ply.status, Status::Ambiguous);
    assert_eq!(g.plies[4].ply.alternatives, ["Bc4"]);
    let note = g.plies[4].ply.note.as_deref().unwrap_or("");
    assert!(note.contains("second notation"), "{note}");
    assert!(
        g.plies[..4].iter().all(|p| !p.ply.status.is_flagged()),
        "the plies before the disagreement stand"
    );
}

#[test]
fn an_ending_that_starts_from_a_diagram_replays_from_it() {
    let text = "\
EXAMPLE 1.--The ending Rook and King against King.

              BLACK.
  . . . . k . . .
  . . . . . . . .
  . . . . K . . .
  . . . . . . . .
  . . . . . . . .
  . . . . . . . .
  . . . . . . . .
  R . . . . . . .
              WHITE.

  1. R - R 8 mate
";
    let g = &book(text)[0];
    assert_eq!(g.status, GameStatus::Complete, "{:?}", g.failure);
    assert_eq!(g.tags.get("FEN"), Some("4k3/8/4K3/8/8/8/8/R7 w - - 0 1"));
    assert_eq!(g.tags.get("SetUp"), Some("1"));
    assert_eq!(g.tags.get("EscribaKind"), Some("fragment"));
    assert_eq!(sans(g), ["Ra8#"]);
}

#[test]
fn a_diagram_inside_a_game_checks_the_position_and_flags_a_mismatch() {
    let game = |board: &str| {
        format!(
            "GAME 6.\n\n 1. P-K4     P-K4\n 2. Kt-KB3   Kt-QB3\n\n{board}\n 3. B-Kt5    P-QR3\n"
        )
    };
    let right = "\
r * b q k b n r
p p p p * p p p
* * n * * * * *
* * * * p * * *
* * * * P * * *
* * * * * N * *
P P P P * P P P
R N B Q K B * R";
    let g = &book(&game(right))[0];
    assert_eq!(g.status, GameStatus::Complete, "{:?}", g.failure);
    assert_eq!(g.flagged, 0, "the diagram shows the position after 2...Nc6");
    let wrong = right.replace("* * n * * * * *", "* * * * * n * *");
    let g = &book(&game(&wrong))[0];
    assert_eq!(g.flagged, 1);
    let p = &g.plies[3];
    assert_eq!(p.ply.status, Status::Ambiguous);
    let note = p.ply.note.as_deref().unwrap_or("");
    assert!(note.contains("diagram at line 6"), "{note}");
    assert!(note.contains("c6") && note.contains("f6"), "{note}");
}

#[test]
fn a_cross_reference_takes_the_opening_from_the_game_it_names() {
    let text = "\
GAME 1.

 1. P-K4     P-K4
 2. Kt-KB3   Kt-QB3
 3. B-Kt5    P-QR3
 4. B-R4     Kt-B3
 5. Castles  B-K2

GAME 2.

Moves 1 to 4 as in Game 1.

 5. Kt-B3    B-B4
 6. P-Q3     P-Q3
";
    let games = book(text);
    assert_eq!(games.len(), 2);
    let g = &games[1];
    assert_eq!(g.status, GameStatus::Complete, "{:?}", g.failure);
    assert_eq!(sans(g), words("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 Nc3 Bc5 d3 d6"));
    // The borrowed plies point at Game 1's lines; the game's own at its own.
    assert_eq!(g.plies[0].line, 3);
    assert_eq!(g.plies[8].line, 13);
    assert!(
        g.items
            .iter()
            .any(|i| matches!(i, Item::Comment { text } if text.contains("taken from GAME 1."))),
        "{:?}",
        g.items
    );
}

#[test]
fn numbered_moves_in_notes_become_variations_when_they_replay() {
    let text = "\
GAME 8.

 1. P-K4     P-K4
 2. Kt-KB3   Kt-QB3

If 2...P-Q3, then 3. P-Q4 is strong. But 2...Q-R8 would be a misprint.

 3. B-Kt5    P-QR3
";
    let g = &book(text)[0];
    assert_eq!(g.status, GameStatus::Complete, "{:?}", g.failure);
    assert_eq!(g.note_variations.transcribed, 1);
    assert_eq!(g.note_variations.left_in_notes, 1);
    let var = g
        .items
        .iter()
        .find_map(|i| match i {
            Item::Variation { plies, .. } => Some(plies),
            _ => None,
        })
        .expect("a variation");
    let v: Vec<&str> = var.iter().map(|p| p.ply.san.as_str()).collect();
    assert_eq!(v, ["d6", "d4"]);
    // It stands after the move it replaces, 2...Nc6, and its note.
    let at = g
        .items
        .iter()
        .position(|i| matches!(i, Item::Variation { .. }))
        .unwrap();
    assert!(matches!(g.items[at - 1], Item::Comment { .. }));
    assert!(matches!(g.items[at - 2], Item::Ply { index: 3 }));
}

#[test]
fn a_variation_printed_in_columns_is_no_part_of_the_main_line() {
    let text = "\
GAME 12.

 1. P-K4     P-K4
 2. B-B4     B-B4
 3. P-QB3    Kt-QB3
 4. P-Q4     PxP
 5. PxP      BxP

White should rather have played thus:

 5. BxP ch   KxB
 6. Q-R5 ch  K-B1
 7. QxB ch

But now to proceed with the actual game:

 6. Kt-KB3   Q-B3
 7. KtxB     QxKt
";
    let g = &book(text)[0];
    assert_eq!(g.status, GameStatus::Complete, "{:?}", g.failure);
    assert_eq!(
        sans(g),
        words("e4 e5 Bc4 Bc5 c3 Nc6 d4 exd4 cxd4 Bxd4 Nf3 Qf6 Nxd4 Qxd4")
    );
    let var: Vec<Vec<&str>> = g
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Variation { plies, .. } => {
                Some(plies.iter().map(|p| p.ply.san.as_str()).collect())
            }
            _ => None,
        })
        .collect();
    assert_eq!(var, [words("Bxf7+ Kxf7 Qh5+ Kf8 Qxc5+")]);
}

#[test]
fn footnotes_are_brought_in_at_their_marks_and_headers_fill_the_tags() {
    let text = "\
GAME 9.--Played at Berlin, 1913.

White: Teichmann.  Black: Rubinstein.

 1. P-Q4       P-Q4
 2. P-QB4[A]   P-K3
 3. Kt-QB3     Kt-KB3

[Footnote A: The Queen's Gambit.]
";
    let g = &book(text)[0];
    assert_eq!(g.status, GameStatus::Complete, "{:?}", g.failure);
    assert_eq!(g.tags.get("White"), Some("Teichmann"));
    assert_eq!(g.tags.get("Black"), Some("Rubinstein"));
    assert_eq!(g.tags.get("Date"), Some("1913.??.??"));
    assert_eq!(g.tags.get("BookLines"), Some("1-9"));
    assert_eq!(
        g.tags.get("BookHeading"),
        Some("GAME 9.--Played at Berlin, 1913.")
    );
    assert!(
        g.items
            .iter()
            .any(|i| matches!(i, Item::Comment { text } if text == "[A] The Queen's Gambit.")),
        "{:?}",
        g.items
    );
}

#[test]
fn a_starred_footnote_is_brought_in_at_its_star() {
    let text = "\
GAME 11.

 1. P-K4       P-K4
 2. P-KB4*     PxP

* The King's Gambit.
";
    let g = &book(text)[0];
    assert_eq!(sans(g), words("e4 e5 f4 exf4"));
    assert!(
        g.items
            .iter()
            .any(|i| matches!(i, Item::Comment { text } if text == "[*] The King's Gambit.")),
        "{:?}",
        g.items
    );
}

#[test]
fn tables_run_on_through_notes_page_marks_running_heads_and_continuations() {
    let text = "\
CHESS FUNDAMENTALS

GAME 10. RUY LOPEZ

White: A.  Black: B.

        1. P - K 4                P - K 4
        2. Kt - K B 3

The usual move.

        2. ........               Kt - Q B 3
{160}

[Illustration]

CHESS FUNDAMENTALS                                    23

        3. B - Kt 5               P - Q R 3
        4. B - R 4
           Kt - B 3
        5. O - O                  B - K 2

CHESS FUNDAMENTALS

Some prose of the next chapter, long enough to be prose and not a heading.

CHESS FUNDAMENTALS
";
    let games = book(text);
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(g.status, GameStatus::Complete, "{:?}", g.failure);
    assert_eq!(sans(g), words("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7"));
    assert!(
        g.items
            .iter()
            .any(|i| matches!(i, Item::Comment { text } if text == "The usual move.")),
        "the note is a comment on the move it follows"
    );
}

#[test]
fn a_spanish_book_reads_its_headings_players_and_rows() {
    let text = "\
Partida 12

Blancas: Capablanca   Negras: N. N.

1.P4R P4R 2.C3AR C3AD 3.C3A C3A 4.A5C A5C 5.O-O O-O 6.P3D P3D 7.A5C A5C
8.C5D C5D 9.CXA CXA 10.C5D C5D 11.D2D D2D 12.AXC AXC 13.C7R+ R1T 14.AXP+ RXA
15.D5C+ R1T 16.D6A#
";
    let g = &book(text)[0];
    assert_eq!(g.status, GameStatus::Complete, "{:?}", g.failure);
    assert_eq!(g.tags.get("White"), Some("Capablanca"));
    assert_eq!(g.tags.get("Notation"), Some("es-descriptive"));
    assert_eq!(g.plies.len(), 31);
    assert_eq!(g.plies[30].ply.san, "Qf6#");
}

#[test]
fn prose_alone_yields_no_game_and_every_line_is_skipped_with_a_reason() {
    let text = "\
CHAPTER I

The first thing a student should do is to familiarise himself with the power
of the pieces, and with the way of their moves across the board.
";
    let cut = cut_text(text, Notation::Auto);
    assert!(cut.segments.is_empty());
    assert!(cut.report.covers_every_line());
    let reasons: Vec<&str> = cut.report.spans.iter().map(|s| s.reason.as_str()).collect();
    assert_eq!(reasons, ["heading", "blank", "prose"]);
}

#[test]
fn opening_analysis_is_a_fragment_and_a_numbered_game_is_a_game() {
    let text = "\
GAME THE FIRST.

 1. P. to K's 4th.        1. P. to K's 4th.
 2. K. Kt. to B's 3d.     2. Q. Kt. to B's 3d.
         The game is even.

GAME II.--Between Mr. Morphy and Mr. Harrwitz.

      WHITE. (Mr. M.)            BLACK. (Mr. H.)
 1. P. to K's 4th.        1. P. to K's 4th.
 2. K. Kt. to B's 3d.     2. Q. Kt. to B's 3d.
";
    let games = book(text);
    let kinds: Vec<UnitKind> = games
        .iter()
        .map(|g| g.book.as_ref().expect("a book game").kind)
        .collect();
    assert_eq!(kinds, [UnitKind::Fragment, UnitKind::Game]);
    assert_eq!(games[0].tags.get("EscribaKind"), Some("fragment"));
    assert_eq!(games[1].tags.get("White"), Some("Mr. Morphy"));
    assert_eq!(games[1].tags.get("Black"), Some("Mr. Harrwitz"));
}

#[test]
fn a_note_whose_lines_read_as_a_header_or_a_title_does_not_end_the_game() {
    // A paragraph that ends on `White.` (a column header's shape) and one whose last line
    // opens with a Black move (`6...B - K 2`, a numbered title's shape) are notes: the
    // table goes on under them.
    let text = "\
GAME 7. RUY LOPEZ

White: A.  Black: B.

        1. P - K 4                P - K 4
        2. Kt - K B 3             Kt - Q B 3
        3. B - Kt 5

The Spanish game, which gives an ending advantageous to
White.

        3. ........               P - Q R 3
        4. B - R 4                Kt - B 3
        5. O - O

The usual line goes on with
6...B - K 2 I leave the other moves to the student.

        5. ........               B - K 2
        6. R - K 1                P - Q Kt 4
";
    let games = book(text);
    assert_eq!(games.len(), 1, "one game, not a game and a fragment");
    let g = &games[0];
    assert_eq!(g.status, GameStatus::Complete, "{:?}", g.failure);
    assert_eq!(
        sans(g),
        words("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5")
    );
}

#[test]
fn a_table_under_an_opening_title_is_analysis_even_from_move_one() {
    // Fifteen moves from move 1 under a bare column header read as a game, unless the
    // title above them names an opening or a variation.
    let rows = "\
            WHITE.                    BLACK.
        1. P - K 4                P - K 4
        2. Kt - K B 3             P - Q 3
        3. P - Q 4                B - Kt 5
        4. P x P                  B x Kt
        5. Q x B                  P x P
        6. B - Q B 4              Kt - K B 3
        7. Q - Q Kt 3             Q - K 2
        8. Kt - Q B 3             P - Q B 3
        9. B - K Kt 5             P - Q Kt 4
       10. Kt x P                 P x Kt
       11. B x P ch               Q Kt - Q 2
       12. O - O - O              R - Q 1
       13. R x Kt                 R x R
       14. R - Q 1                Q - K 3
       15. B x R ch               Kt x B
";
    let text = format!(
        "                    COUNTER GAMBIT IN THE KNIGHT'S OPENING.\n\n{rows}\n\n\
                             PRELIMINARY GAME.\n\n{rows}"
    );
    let games = book(&text);
    let kinds: Vec<UnitKind> = games
        .iter()
        .map(|g| g.book.as_ref().expect("a book game").kind)
        .collect();
    assert_eq!(kinds, [UnitKind::Fragment, UnitKind::Game]);
    assert!(games.iter().all(|g| g.plies.len() == 30));
}

#[test]
fn players_on_two_header_lines_are_one_header_in_their_order() {
    // A symmetric game replays from either side, so only the header can say that White
    // moved first: `Blancas:` above `Negras:` does.
    let text = "\
Ejemplo:
Blancas: Capablanca
Negras: N. N.
New York, 1918
1.P4R P4R 2.C3AR C3AD 3.C3A C3A 4.A5C A5C 5.O-O O-O 6.P3D P3D 7.A5C A5C 8.C5D C5D
9.CXA CXA 10.C5D C5D 11.D2D D2D 12.AXC AXC 13.C7R+ R1T 14.AXP+ RXA 15.D5C+ R1T 16.D6A#
";
    let games = book(text);
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(g.tags.get("White"), Some("Capablanca"));
    assert_eq!(g.tags.get("Black"), Some("N. N."));
    assert_eq!(g.tags.get("Site"), Some("New York"));
    assert_eq!(g.tags.get("Date"), Some("1918.??.??"));
    assert_eq!(g.tags.get("FEN"), None, "White moves first");
    assert_eq!(sans(g)[..4], ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(g.status, GameStatus::Complete);
}

#[test]
fn columns_printed_black_first_that_replay_either_way_are_flagged() {
    // The same symmetric game under a header that prints Black's column first: Black
    // moving first and White moving first both replay to the end.
    let text = "\
Ejemplo:
Negras: N. N.        Blancas: Capablanca
1.P4R P4R 2.C3AR C3AD 3.C3A C3A 4.A5C A5C 5.O-O O-O 6.P3D P3D 7.A5C A5C 8.C5D C5D
9.CXA CXA 10.C5D C5D 11.D2D D2D 12.AXC AXC 13.C7R+ R1T 14.AXP+ RXA 15.D5C+ R1T 16.D6A#
";
    let games = book(text);
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(g.status, GameStatus::Complete);
    assert!(
        g.issues
            .iter()
            .any(|i| i.message.contains("replays with either side moving first")),
        "{:?}",
        g.issues
    );
    assert!(g.flagged > 0, "the game says it is in doubt");
}

#[test]
fn a_diagram_settles_the_ambiguous_move_before_it() {
    // `2. P-B4` is c4 or f4, and nothing later in the moves tells them apart; the diagram
    // under it does, whichever of the two it shows.
    let game = |board: &str| {
        format!("GAME 6.\n\n 1. P-K4     P-K4\n 2. P-B4     P-Q3\n\n{board}\n 3. Kt-QB3   Kt-KB3\n")
    };
    // The board after 2...P-Q3, with White's pawns as the fourth and second ranks show.
    let board = |fourth: &str, second: &str| {
        format!(
            "r n b q k b n r\np p p * * p p p\n* * * p * * * *\n* * * * p * * *\n{fourth}\n\
             * * * * * * * *\n{second}\nR N B Q K B N R"
        )
    };
    let c4 = board("* * P * P * * *", "P P * P * P P P");
    let f4 = board("* * * * P P * *", "P P P P * * P P");
    for (diagram, san) in [(c4, "c4"), (f4, "f4")] {
        let g = &book(&game(&diagram))[0];
        assert_eq!(g.status, GameStatus::Complete, "{:?}", g.failure);
        let p = &g.plies[2];
        assert_eq!(p.ply.san, san, "{diagram}");
        assert_eq!(p.ply.status, Status::Inferred, "{:?}", p.ply);
        assert!(
            p.ply
                .note
                .as_deref()
                .unwrap_or("")
                .contains("diagram at line 6"),
            "{:?}",
            p.ply.note
        );
        assert_eq!(g.flagged, 0, "{:?}", g.plies);
    }
}
