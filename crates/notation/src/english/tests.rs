//! The English grammar's and writers' tests.

use std::fmt::Write as _;

use crate::ast::{
    AbsSquare, CastleSide, CheckMark, DescFile, DescSquare, FileGroup, Man, Move, MoveKind,
    PieceMove, Place, Role, Wing,
};
use crate::style::{Form, KnightLetter, Style};

use super::grammar::*;
use super::write::*;

/// Every string the fast path reads, the full grammar reads the same way; and the fast
/// path does read the plain shapes it is for.
#[test]
fn the_compact_fast_path_agrees_with_the_full_grammar() {
    let men = [
        "P", "N", "Kt", "B", "R", "Q", "K", "KR", "QB", "KKt", "QN", "KQ", "KK", "BP", "KP", "KtP",
        "QKtP", "KRP", "QBP", "NP", "PP", "BQ", "KPP",
    ];
    let wings = ["", "K", "Q"];
    let groups = ["R", "N", "Kt", "B", "Q", "K", "P"];
    let ranks = ["0", "1", "4", "8", "9", ""];
    let tails = [
        "",
        " ",
        "\n",
        ",",
        " ch",
        "ch",
        "!",
        "x",
        "(",
        "3",
        ".",
        " P-K4",
        " queens",
        " (Q)",
        " (K5)",
        " =Q",
        " /Q",
        " e.p.",
        " dis ch",
        " mate",
        " becomes a Queen.",
        "  Q-R5",
        ", queens.",
        " Queens",
        ", becoming a Queen.",
        " Becomes a Kt.",
        ",and queens",
        " \u{a0}queens",
        "\u{a0}Queens",
        " “Queens”",
        " And queens",
    ];
    let mut bodies: Vec<String> = vec!["O-O".into(), "O-O-O".into(), "O-O-O-O".into()];
    for m in men {
        for w in wings {
            for g in groups {
                for r in ranks {
                    bodies.push(format!("{m}-{w}{g}{r}"));
                }
            }
        }
        for v in men {
            bodies.push(format!("{m}x{v}"));
            for p in ["P", "KtP", "NP", "BP", "RP", "QP", "KP", "PP"] {
                bodies.push(format!("{m}x{v}{p}"));
            }
        }
    }
    let mut read = 0;
    for body in &bodies {
        for tail in tails {
            let text = format!("{body}{tail}");
            if let Some((rest, fast)) = super::compact_fast(&text) {
                read += 1;
                let full = super::full_body(&text).map(|(r, m)| (r.len(), m));
                assert_eq!(full, Ok((rest.len(), fast)), "{text:?}");
            }
        }
    }
    assert!(super::compact_fast("P-K4 ").is_some());
    assert!(super::compact_fast("Kt-QB3\n").is_some());
    assert!(super::compact_fast("BxKt").is_some());
    assert!(super::compact_fast("KtxQP ").is_some());
    assert!(super::compact_fast("QKt-Q2 ").is_some());
    assert!(super::compact_fast("KBPxP\n").is_some());
    assert!(super::compact_fast("QxKBP\n").is_some());
    assert!(read > 1000, "the fast path reads the common shapes: {read}");
}

/// What follows a long-hand body in the tests below: the next move, marks, and near
/// misses that the grammar reads on (a `sq.` after an ordinal, a promotion, the square
/// of a capture, a rank after a file, one more unit of a man).
const LONG_TAILS: [&str; 44] = [
    "",
    " ",
    "\n",
    "\r\n",
    "\t",
    ".",
    ",",
    ";",
    "!",
    "x",
    "'s",
    "     P. to K's 4th.",
    "  Kt. takes P.",
    " (ch.)",
    " (mate)",
    " (dis. ch.)",
    " (in passing)",
    ", mate.",
    ", ch.",
    " ch.",
    " sq.",
    "  sq.",
    "   sq.",
    " square",
    " (Q)",
    " (2d Q.)",
    " (K. 5th)",
    ", queens.",
    " queens",
    " and queens.",
    ", becoming a Queen.",
    " becomes a Kt.",
    " on K's 4th.",
    " at Q. B's 3d.",
    "/Q",
    "=Q",
    " 3d.",
    " 5",
    " second",
    " P.",
    " K. B. P.",
    "  K.",
    " takes P.",
    " to K's 4th.",
];

/// Checks one text: whatever the long-hand fast path reads, the full grammar reads the
/// same way (the same move, the same length), and the move body reads as the full
/// grammar does whether or not a fast path took it. Returns whether the fast path read it.
fn long_fast_agrees(text: &str) -> bool {
    let full = super::full_body(text).map(|(r, m)| (r.len(), m)).ok();
    let body = super::move_body(text).map(|(r, m)| (r.len(), m)).ok();
    assert_eq!(body, full, "move_body against the full grammar: {text:?}");
    match super::long_fast(text) {
        Some((rest, fast)) => {
            assert_eq!(Some((rest.len(), fast)), full, "{text:?}");
            true
        }
        None => false,
    }
}

/// Movers: every man of one to three units one blank apart, and near misses (other
/// spacing, possessives, words, no period).
fn long_movers() -> Vec<String> {
    let units = ["K.", "Q.", "R.", "B.", "Kt.", "N.", "P."];
    let mut out: Vec<String> = units.iter().map(|u| (*u).to_owned()).collect();
    for a in units {
        for b in units {
            out.push(format!("{a} {b}"));
            for c in units {
                out.push(format!("{a} {b} {c}"));
            }
        }
    }
    for near in [
        "K.  Kt.",
        "K.Kt.",
        "Kt's",
        "KT.",
        "K",
        "P",
        "k.",
        "Knight",
        "King's Kt.",
        "Q's Kt.",
        "K. Kt's",
        "P .",
        "Q.'s",
        "K. B.P.",
        "K. R. Kt.",
    ] {
        out.push(near.to_owned());
    }
    out
}

/// Squares after `to`: wings × files × possessives × separators × ranks, near misses
/// among each.
fn long_squares() -> Vec<String> {
    let wings = ["", "K. ", "Q. ", "K.", "R. ", "K.  ", "his "];
    let files = ["K", "Q", "R", "B", "Kt", "N", "P", "KT"];
    let possessives = ["'s", "’s", ".", ""];
    let separators = [" ", "  ", ""];
    let ranks = [
        "sq.", "sq", "square", "sqx", "1st.", "2d.", "2nd.", "3d.", "3rd.", "4th.", "5th", "6th,",
        "7th.", "8th.", "9th.", "0th.", "4", "4.", "4thx", "44th.", "second", "4 th.",
    ];
    let mut out = Vec::new();
    for w in wings {
        for f in files {
            for p in possessives {
                for s in separators {
                    for r in ranks {
                        out.push(format!("{w}{f}{p}{s}{r}"));
                    }
                }
            }
        }
    }
    out
}

/// The long-hand fast path against the full grammar on moves to a square: every mover
/// (and near misses) with the common squares, and the common movers with every square
/// (and near misses), each with every tail.
#[test]
fn the_long_hand_fast_path_agrees_with_the_full_grammar_on_moves_to_a_square() {
    let verbs = [
        " to ", "  to ", " To ", " to  ", " at ", " from ", " takes ",
    ];
    let common_squares = [
        "K's 4th.",
        "K. B's 3d.",
        "Q's sq.",
        "Q. Kt's 5th",
        "R's 8th.",
    ];
    let common_movers = ["P.", "Kt.", "K.", "Q. R.", "K. B. P.", "Q. P."];
    let mut read = 0;
    let mut tried = 0;
    for mover in long_movers() {
        for verb in verbs {
            for square in common_squares {
                for tail in LONG_TAILS {
                    tried += 1;
                    read += usize::from(long_fast_agrees(&format!("{mover}{verb}{square}{tail}")));
                }
            }
        }
    }
    for mover in common_movers {
        for square in long_squares() {
            for tail in LONG_TAILS {
                tried += 1;
                read += usize::from(long_fast_agrees(&format!("{mover} to {square}{tail}")));
            }
        }
    }
    assert!(
        read > 50_000,
        "the fast path reads the common shapes: {read} of {tried}"
    );
}

/// The long-hand fast path against the full grammar on captures: movers × every victim
/// of one to three units (and near misses) × tails, the square of a capture among them.
#[test]
fn the_long_hand_fast_path_agrees_with_the_full_grammar_on_captures() {
    let movers = ["P.", "Kt.", "Q.", "K. B.", "Q. R. P.", "R. P.", "K.  R."];
    let verbs = [" takes ", " takes  ", " Takes ", " x "];
    let mut read = 0;
    for mover in movers {
        for verb in verbs {
            for victim in long_movers() {
                for tail in LONG_TAILS {
                    read += usize::from(long_fast_agrees(&format!("{mover}{verb}{victim}{tail}")));
                }
            }
        }
    }
    assert!(
        read > 30_000,
        "the fast path reads the common captures: {read}"
    );
}

/// The long-hand fast path against the full grammar on castling, with its near misses.
#[test]
fn the_long_hand_fast_path_agrees_with_the_full_grammar_on_castling() {
    let bodies = [
        "Castles",
        "Castles.",
        "Castles..",
        "Castles on K's side",
        "Castles on Q's side",
        "Castles on K's side.",
        "Castles on Q's side.",
        "Castles on R's side.",
        "Castles on K's sides.",
        "Castles on K's side,",
        "Castles on  K's side.",
        "Castles on his K's side.",
        "Castles. Q. side.",
        "Castles. K. R.",
        "Castles.  K. side",
        "Castles.   Q. side.",
        "Castles KR",
        "Castles (Q)",
        "Castlesx",
        "castles.",
        "Castles on Kt's side.",
        "Castles on K. side.",
    ];
    let mut read = 0;
    for body in bodies {
        for tail in LONG_TAILS {
            read += usize::from(long_fast_agrees(&format!("{body}{tail}")));
        }
    }
    assert!(
        read > 300,
        "the fast path reads the common castling shapes: {read}"
    );
}

/// The share of the move tokens of `text` that the long-hand fast path reads: (fast, all).
fn long_fast_share(text: &str) -> (usize, usize) {
    let mut all = 0;
    let mut fast = 0;
    for t in tokenize(EN, text) {
        if let TokenKind::Move(_) = t.kind {
            all += 1;
            fast += usize::from(super::long_fast(&text[t.span.range()]).is_some());
        }
    }
    (fast, all)
}

/// On the Blue Book, which prints many shapes besides its own, the long-hand fast path
/// still reads most move tokens.
#[test]
fn the_long_hand_fast_path_reads_most_moves_of_the_blue_book() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let book = root.join("../shared/corpus/books/blue-book-part1.txt");
    if let Some(text) = crate::testing::book_text(&book) {
        let (fast, all) = long_fast_share(&text);
        eprintln!(
            "{}: the fast path reads {fast} of {all} moves",
            book.display()
        );
        assert!(fast * 2 >= all, "{fast} of {all}");
    }
}

/// The shapes the long-hand fast path is for are its own, marks and all.
#[test]
fn the_long_hand_fast_path_reads_the_printed_shapes() {
    for text in [
        "P. to K's 4th.",
        "Kt. to K. B's 3d.",
        "K. Kt. to Q. B's 3d. (ch.)",
        "Q. to K. R's 5th, mate.",
        "K. to Kt's sq.",
        "Q. takes P.",
        "K. B. P. takes P.",
        "R. takes Q. Kt. P. (ch.)",
        "B. takes Kt. on K's 5th.",
        "P. to K's 8th, becoming a Queen.",
        "Castles.",
        "Castles on K's side.",
        "Castles on Q's side. (ch.)",
    ] {
        assert!(super::long_fast(text).is_some(), "{text}");
        assert!(long_fast_agrees(text), "{text}");
    }
}

#[test]
fn the_castling_side_may_follow_a_period() {
    use crate::movetext::tokenize;
    let en = crate::Dialect::Descriptive(crate::DescLang::En);
    let side = |text: &str| match tokenize(en, text)[0].kind {
        crate::TokenKind::Move(m) => m.kind,
        ref k => panic!("{text}: {k:?}"),
    };
    assert_eq!(
        side("Castles. Q. side.[K]"),
        MoveKind::Castle(Some(CastleSide::Queen))
    );
    assert_eq!(
        side("Castles. K. side."),
        MoveKind::Castle(Some(CastleSide::King))
    );
    // `Castles.` before the next move names no side.
    assert_eq!(side("Castles. Q. to K's 2d."), MoveKind::Castle(None));
}

#[test]
fn a_joined_victim_leaves_the_next_moves_origin_alone() {
    use crate::movetext::tokenize;
    let en = crate::Dialect::Descriptive(crate::DescLang::En);
    let toks = tokenize(en, "56. KxQ R(KKt4)-KKt8");
    let moves: Vec<String> = toks
        .iter()
        .filter_map(|t| match t.kind {
            crate::TokenKind::Move(m) => Some(m.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(moves, ["K x Q", "R from desc KN4 to desc KN8"]);
}

use super::*;
use crate::ast::{Termination, Token, TokenKind};
use crate::movetext::tokenize;
use crate::{parse_move, parse_move_prefix};
use proptest::prelude::*;

fn read(s: &str) -> Move {
    parse_move(EN, s).unwrap_or_else(|e| panic!("{e}"))
}

fn shown(s: &str) -> String {
    read(s).to_string()
}

fn written(mv: &Move, form: Form, knight: KnightLetter) -> String {
    let mut out = String::new();
    write(mv, Style { form, knight }, &mut out);
    out
}

/// Every English example of the reference (sections 1 and 2) and the fixture inputs.
const TABLE: &[&str] = &[
    // 1.3 non-capturing moves, dashes
    "P-K4",
    "N-KB3",
    "Kt-KB3",
    "N-QB3",
    "B-Kt5",
    "B-N5",
    "P-QR3",
    "Q-R5",
    "K-R1",
    "K-R.Sq.",
    "P—K4",
    "B−K3",
    "P–K4",
    "PK4",
    "P-d4",
    "Kt-f3",
    // 1.2 files and squares
    "B-B4",
    "N-B3",
    "R-Kt1",
    "P-R3",
    "R-K.Sq.",
    "R-QKt.Sq.",
    "K-B.Sq.",
    "R–K sq",
    "R-K",
    "P - K 4",
    "Kt - K B 3",
    "KRx Q Kt",
    // 1.4 captures
    "PxP",
    "BxN",
    "NxB",
    "QxKtP",
    "KtxKt",
    "RxR ch",
    "P takes P",
    "BPxP",
    "QBPxP",
    "PxQBP",
    "PxKtP",
    "BxQP",
    "BxKtP",
    "PxRP(R6)",
    "NxP(K5)",
    "BxN/QB6",
    "BxP/Q4",
    "N(K5)xR",
    "N(KB3)xB",
    "KRxQKt",
    "R-xQN7",
    "NxR(Q7)",
    "KBxP",
    "KxBP",
    "QKtxP",
    "BxQ4",
    // 1.5 disambiguating the mover
    "KR-Q1",
    "QR-Q1",
    "QR-Q.Sq.",
    "KN-B3",
    "QKt-Q2",
    "KKt-K2",
    "R(QR3)-Q3",
    "N(B3)-Q1",
    "N(QB3)-Q1",
    "N(3)-Q1",
    "N(QB)-Q1",
    "R(6)xN",
    "R/1-Q2",
    "N/5-B3",
    "N5-B3",
    "R1-Q2",
    "N(Q2)-B3",
    "R (Q 3) - Q 7",
    "Kt x P (B 3)",
    "Kt (B 3) x Q",
    "Q R - K R 1",
    "B x B P",
    "P K 4",
    // 1.6 checks
    "B-K4ch",
    "B-N5ch",
    "BxBch",
    "Q ch",
    "Q ch.",
    "R++",
    "B-Q3 mate",
    "Kt-B3#",
    "B-Q3 dis ch",
    "B-Q3 dis. ch.",
    "B-Q3 disc ch",
    "B-Q3 dbl ch",
    "B-Q3 double ch",
    "B-Q3 dblch",
    "PxP e.p.",
    "PxP ep",
    "P x P e.p.",
    "P-K4!",
    "P-K4?",
    "P-K4!!",
    "P-K4??",
    "P-K4!?",
    "P-K4?!",
    // 1.7 castling
    "O-O",
    "O-O-O",
    "0-0",
    "0-0-0",
    "O - O",
    "O - O - O",
    "Castles",
    "castles",
    "Castles KR",
    "Castles QR",
    "Castles K",
    "Castles Q",
    "Castles (K)",
    "Castles (Q)",
    "Castles (QR)",
    "Castles (K. R.)",
    "Castles (Q. R.)",
    "Castles (with K. R.)",
    "Castles queenside",
    "Castles on K's side.",
    "Castles on Q's side",
    // 1.8 promotion
    "P-R8(Q)",
    "P-K8(Q)",
    "P-R8/Q",
    "P-K8/Q",
    "P-R8=Q",
    "P-K8=Q",
    "P-K8(Q) ch",
    "P queens",
    "P-R8 queens",
    "R. P. \"Queens\" (ch.)",
    "P. takes R., and becomes a Kt. (ch.)",
    "P. takes R., becomes a Queen (ch.)",
    "P. to K's 8th, queens.",
    "P. to K's 8th and queens.",
    "P. queens.",
    "P. becomes a Queen.",
    "P. to R's 8th. (2d Q.)",
    "P. one, becoming a Queen.",
    // 1.13 the Evergreen
    "P–QKt4",
    "B×KtP",
    "B–R4",
    "P×P",
    "P–Q6",
    "Q–Kt3",
    "R–K.Sq.",
    "KKt–K2",
    "P–Kt4",
    "Q×P",
    "R–QKt.Sq.",
    "QKt–Q2",
    "Kt–K4",
    "B×QP",
    "Kt–B6+",
    "P×Kt",
    "R–Kt.Sq.",
    "QR–Q.Sq.",
    "Q×Kt",
    "R×Kt+",
    "Kt×R",
    "Q×P+",
    "K×Q",
    "B–B5+",
    "K–K.Sq.",
    "B–Q7+",
    "K–B.Sq.",
    "B×Kt++",
    // 2.1 Blue Book
    "P. to K's 4th.",
    "K. Kt. to K. B's 3d.",
    "P. to Q's 3d.",
    "P. to Q's 4th.",
    "P. takes P.",
    "Q. takes P.",
    "Q. Kt. to Q. B's 3d.",
    "Castles on K's side.",
    "Q. R. to Q's sq.",
    "Q. to B's 4th. (ch.)",
    "K. R. to K. B's 2d.",
    "K. R. takes P.",
    "K. to R's sq.",
    "K. R. to K. R's 4th.",
    "K. B. to his sq.",
    "B. takes Kt.",
    "K. B. P. takes B.",
    "Q. Kt. takes Q. B. P.",
    "K. P. takes B.",
    "Q. to her R's 4th (ch.)",
    "Q. to her 2nd",
    "Q. to her Kt's 3d.",
    "Q. B. to his 5th.",
    "K. to his B's 4th",
    "P to K's 4th",
    "K's Kt. to B's 3rd",
    "K's B to Q.B's 4th",
    "K. moves.",
    "Q. B. interposes.",
    "Q. takes Q. B.",
    "K. R. takes K. R. P. (ch.)",
    "P. takes P. in passing",
    "B. to K's 3d. (dis. ch.)",
    "B. to K's 3d. (double ch.)",
    "Q. checks.",
    "K. B. checks.",
    "Q. Kt. Mates.",
    "K. to K. B's 3rd.",
    "R. to Q. B's 31d.",
    // 2.2 Chronicle
    "K. P. two",
    "Q. P. two",
    "K. Kt. to B. third",
    "Kt. takes K. P.",
    "Q. to K. second",
    "K. B. P. one",
    "Q. B. P. one",
    "P. takes K. P.",
    "K. Kt. to Q. second",
    "Q. to K. B. second",
    "Q. B. to K. square",
    "K. R. to K. Kt. square",
    // 2.3 Walker
    "K. at K. R. fifth sq.",
    "B. to K. sixth sq. ch.",
    "K. to Kt fifth sq.",
    "R. to Q. Kt fourth sq.",
    "B. to adv. K. B. sq.",
    "Pawn advances.",
    "B. returns to Q. fifth sq.",
    "K. to R. second",
    // 2.5 later abbreviated forms
    "KKt-KB3",
    "KB-QB4",
    "KB-QKt5 (ch.)",
    "KP to K4",
    "QKt. to QB3",
    // fixtures and traps
    "PxPe.p.",
    "P-Q7dis.ch",
    "P-Q8(N)ch",
    "K-K1ch",
    "R(R5)-QR5",
    "R(Kt)-Kt6",
    "PxR(Q)ch",
    "Kt-Kt6 mate",
    "KN-K2",
    "BxBch",
    "P-R8(Q)mate",
    "Q-R5ch",
    "K-Kt1",
    "P-B4",
    "Kt.-K.B.3",
    "KB5",
    "QR4",
    "P-K4 +",
    "PxP (ch.)",
    "KRxQKt(QKt5)",
    // deliberate rejects
    "Kt",
    "K.",
    "QR",
    "R(6)",
    "Bx",
    "P-K9",
    "P-K0",
    "Black",
    "Resigns",
    "R. takes Pawn, &c.",
    "Then takes Rook, and wins.",
    "e4",
    "Nf3",
    "",
];

#[test]
fn snapshot_table() {
    let mut table = String::new();
    for input in TABLE {
        let shown = match parse_move(EN, input) {
            Ok(mv) => mv.to_string(),
            Err(_) => "ERROR".to_owned(),
        };
        let _ = writeln!(table, "{input:<40}  =>  {shown}");
    }
    insta::assert_snapshot!(table);
}

#[test]
fn traps() {
    assert_eq!(shown("KBxP"), "B{K} x P");
    assert_eq!(shown("KxBP"), "K x P{B}");
    assert_eq!(shown("QKtxP"), "N{Q} x P");
    assert_eq!(shown("QxKtP"), "Q x P{N}");
    assert_eq!(shown("Q-R5"), "Q to desc R5");
    assert_eq!(shown("QR-Q1"), "R{Q} to desc Q1");
    assert_eq!(shown("K-Kt1"), "K to desc N1");
    assert_eq!(shown("KtxKt"), "N x N");
    assert_eq!(shown("P-B4"), "P to desc B4");
    assert_eq!(shown("B-N5ch"), "B to desc N5 check");
    assert_eq!(shown("R-QKt.Sq."), "R to desc QN1");
    assert_eq!(shown("R(R5)-QR5"), "R from desc R5 to desc QR5");
    assert_eq!(shown("KB5"), "K to desc B5");
    assert!(parse_move(EN, "Kt").is_err());
}

#[test]
fn relative_squares() {
    assert_eq!(shown("K. B. to his sq."), "B{K} to desc KB1");
    assert_eq!(shown("Q. to her Kt's 3d."), "Q to desc QN3");
    assert_eq!(shown("Q. B. to his 5th."), "B{Q} to desc QB5");
    assert_eq!(shown("K. to his B's 4th"), "K to desc KB4");
    assert_eq!(shown("B. to adv. K. B. sq."), "B to desc adv KB1");
}

#[test]
fn body_stops_before_suffix_marks() {
    for (s, body) in [
        ("B-K4ch", 4),
        ("PxPe.p.", 3),
        ("P-Q7dis.ch", 4),
        ("R-Kch", 3),
        ("Q. to B's 4th. (ch.)", 14),
        ("Kt-Kt6 mate", 6),
    ] {
        let (rest, _) = move_body(s).unwrap();
        assert_eq!(s.len() - rest.len(), body, "{s}");
    }
}

#[test]
fn column_gap_ends_a_move() {
    let (mv, n) = parse_move_prefix(EN, "Q. takes Q.          B. takes Q.").unwrap();
    assert_eq!(n, "Q. takes Q.".len());
    assert_eq!(mv.to_string(), "Q x Q");
    let (mv, n) = parse_move_prefix(EN, "QxQ B-K3").unwrap();
    assert_eq!((mv.to_string().as_str(), n), ("Q x Q", 3));
    let (mv, n) = parse_move_prefix(EN, "Q x Q B x Q").unwrap();
    assert_eq!((mv.to_string().as_str(), n), ("Q x Q", 5));
    let (mv, n) = parse_move_prefix(EN, "Castles Q-R5").unwrap();
    assert_eq!((mv.to_string().as_str(), n), ("castles", 7));
    let (mv, n) = parse_move_prefix(EN, "R-K 2. P-Q4").unwrap();
    assert_eq!((mv.to_string().as_str(), n), ("R to desc K?", 3));
}

fn kinds(src: &str) -> Vec<String> {
    tokenize(EN, src)
        .iter()
        .map(|t: &Token| match t.kind {
            TokenKind::MoveNumber { number, black } => {
                format!("{number}{}", if black { "..." } else { "." })
            }
            TokenKind::Move(mv) => format!("[{mv}]"),
            TokenKind::Ellipsis => "...".to_owned(),
            other => format!("{other:?}"),
        })
        .collect()
}

#[test]
fn a_result_after_a_captured_man_is_the_result() {
    assert_eq!(
        kinds("3. B. takes B. 1-0"),
        ["3.", "[B x B]", "Result(WhiteWins)"]
    );
}

#[test]
fn tokenizes_compact_movetext() {
    assert_eq!(
        kinds("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3"),
        [
            "1.",
            "[P to desc K4]",
            "[P to desc K4]",
            "2.",
            "[N to desc KB3]",
            "[N to desc QB3]"
        ]
    );
    assert_eq!(
        kinds("1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-Kt5"),
        [
            "1.",
            "[P to desc K4]",
            "[P to desc K4]",
            "2.",
            "[N to desc KB3]",
            "[N to desc QB3]",
            "3.",
            "[B to desc N5]"
        ]
    );
    assert_eq!(
        kinds("12. Q-R5ch K-B1 13. O-O-O 0-0 14. PxPe.p. Resigns"),
        [
            "12.",
            "[Q to desc R5 check]",
            "[K to desc B1]",
            "13.",
            "[castles Q]",
            "[castles K]",
            "14.",
            "[P x P e.p.]",
            "Result(Resigns)"
        ]
    );
}

#[test]
fn tokenizes_long_hand_columns() {
    assert_eq!(
        kinds("1. P. to K's 4th.                  1. P. to K's 4th."),
        ["1.", "[P to desc K4]", "1.", "[P to desc K4]"]
    );
    assert_eq!(
        kinds(
            "12. Q. to B's 4th. (ch.)       12. K. R. to K. B's 2d.\n\
             20. K. R. to K. R's 4th.       20. K. B. to his sq.\n\
             25. Q. Kt. takes Q. B. P.[B]"
        ),
        [
            "12.",
            "[Q to desc B4 check]",
            "12.",
            "[R{K} to desc KB2]",
            "20.",
            "[R{K} to desc KR4]",
            "20.",
            "[B{K} to desc KB1]",
            "25.",
            "[N{Q} x P{QB}]",
            "Footnote"
        ]
    );
    assert_eq!(
        kinds(
            "1. K. P. two                1. K. P. two\n9. Castles                  9. Q. to K. B. second"
        ),
        [
            "1.",
            "[P{K} advance 2]",
            "1.",
            "[P{K} advance 2]",
            "9.",
            "[castles]",
            "9.",
            "[Q to desc KB2]"
        ]
    );
}

#[test]
fn tokenizes_footnotes_and_numbers_in_parens() {
    assert_eq!(
        kinds("4. Q. takes Q.*   B. takes Q.†"),
        ["4.", "[Q x Q]", "Footnote", "[B x Q]", "Footnote"]
    );
    assert_eq!(
        kinds("(1) KP to K4   QKt. to QB3"),
        ["1.", "[P{K} to desc K4]", "[N{Q} to desc QB3]"]
    );
}

#[test]
fn tokenizes_spaced_ellipsis() {
    assert_eq!(kinds("7. ........   Kt x Kt"), ["7...", "[N x N]"]);
    assert_eq!(
        kinds("6. P - Q 4   P x P\n7. Castles   R (Q 3) - Q 7"),
        [
            "6.",
            "[P to desc Q4]",
            "[P x P]",
            "7.",
            "[castles]",
            "[R from desc Q3 to desc Q7]"
        ]
    );
}

#[test]
fn writes_each_style() {
    let cases = [
        ("Kt-KB3", "Kt-KB3", "Kt - K B 3", "Kt. to K. B's 3d."),
        (
            "K. Kt. to K. B's 3d.",
            "KKt-KB3",
            "K Kt - K B 3",
            "K. Kt. to K. B's 3d.",
        ),
        ("QR-Q1", "QR-Q1", "Q R - Q 1", "Q. R. to Q's sq."),
        (
            "R(QR3)-Q3",
            "R(QR3)-Q3",
            "R (Q R 3) - Q 3",
            "R. from Q. R's 3d. to Q's 3d.",
        ),
        ("PxP", "PxP", "P x P", "P. takes P."),
        ("QxKtP", "QxKtP", "Q x Kt P", "Q. takes Kt. P."),
        (
            "NxP(K5)",
            "KtxP(K5)",
            "Kt x P (K 5)",
            "Kt. takes P. on K's 5th.",
        ),
        (
            "P-K8=Q",
            "P-K8=Q",
            "P - K 8 = Q",
            "P. to K's 8th, becoming a Queen.",
        ),
        ("O-O", "O-O", "O - O", "Castles on K's side."),
        ("Castles", "Castles", "Castles", "Castles."),
        ("Q-R5ch", "Q-R5 ch", "Q - R 5 ch", "Q. to R's 5th. (ch.)"),
        (
            "PxPe.p.",
            "PxP e.p.",
            "P x P e.p.",
            "P. takes P. in passing",
        ),
        ("Q. checks.", "Q ch", "Q ch", "Q. checks."),
        ("K. moves.", "K moves", "K moves", "K. moves."),
        ("K. P. two", "KP two", "K P two", "K. P. two"),
        ("R-K", "R-K", "R - K", "R. to K."),
        (
            "B-Q3 dis ch",
            "B-Q3 dis ch",
            "B - Q 3 dis ch",
            "B. to Q's 3d. (dis. ch.)",
        ),
    ];
    for (input, compact, spaced, long) in cases {
        let mv = read(input);
        assert_eq!(written(&mv, Form::Compact, KnightLetter::Kt), compact);
        assert_eq!(written(&mv, Form::Spaced, KnightLetter::Kt), spaced);
        assert_eq!(written(&mv, Form::LongHand, KnightLetter::Kt), long);
    }
    let mv = read("Kt-KB3");
    assert_eq!(written(&mv, Form::Compact, KnightLetter::N), "N-KB3");
}

// ---- property tests ----

fn wing() -> impl Strategy<Value = Wing> {
    prop_oneof![Just(Wing::King), Just(Wing::Queen)]
}

fn paired() -> impl Strategy<Value = FileGroup> {
    prop_oneof![
        Just(FileGroup::Rook),
        Just(FileGroup::Knight),
        Just(FileGroup::Bishop)
    ]
}

fn group() -> impl Strategy<Value = FileGroup> {
    prop_oneof![paired(), Just(FileGroup::Queen), Just(FileGroup::King)]
}

fn man() -> impl Strategy<Value = Man> {
    let piece = prop_oneof![
        Just(Role::Knight),
        Just(Role::Bishop),
        Just(Role::Rook),
        Just(Role::Queen),
        Just(Role::King)
    ];
    let paired_role = prop_oneof![Just(Role::Knight), Just(Role::Bishop), Just(Role::Rook)];
    prop_oneof![
        Just(Man::plain(Role::Pawn)),
        group().prop_map(|g| Man {
            role: Role::Pawn,
            wing: None,
            file: Some(g)
        }),
        (wing(), paired()).prop_map(|(w, g)| Man {
            role: Role::Pawn,
            wing: Some(w),
            file: Some(g)
        }),
        piece.prop_map(Man::plain),
        (wing(), paired_role).prop_map(|(w, role)| Man {
            role,
            wing: Some(w),
            file: None
        }),
    ]
}

fn desc_file() -> impl Strategy<Value = DescFile> {
    prop_oneof![
        (paired(), proptest::option::of(wing())).prop_map(|(group, wing)| DescFile { group, wing }),
        prop_oneof![Just(FileGroup::Queen), Just(FileGroup::King)]
            .prop_map(|group| DescFile { group, wing: None }),
    ]
}

fn abs_full() -> impl Strategy<Value = Place> {
    (0u8..8, 0u8..8).prop_map(|(f, r)| {
        Place::Abs(AbsSquare {
            file: Some(f),
            rank: Some(r),
        })
    })
}

/// A destination: a file with an optional rank, or an algebraic square.
fn dest(ranked: bool) -> impl Strategy<Value = Place> {
    let rank = if ranked {
        (1u8..=8).prop_map(Some).boxed()
    } else {
        proptest::option::of(1u8..=8).boxed()
    };
    prop_oneof![
        3 => (desc_file(), rank, any::<bool>()).prop_map(|(f, rank, adverse)| {
            Place::Desc(DescSquare {
                file: Some(f),
                rank,
                adverse,
            })
        }),
        1 => abs_full(),
    ]
}

/// An origin: any part of a square.
fn origin_strategy() -> impl Strategy<Value = Place> {
    prop_oneof![
        (desc_file(), 1u8..=8).prop_map(|(f, r)| Place::Desc(DescSquare {
            file: Some(f),
            rank: Some(r),
            adverse: false
        })),
        desc_file().prop_map(|f| Place::Desc(DescSquare {
            file: Some(f),
            rank: None,
            adverse: false
        })),
        (1u8..=8).prop_map(|r| Place::Desc(DescSquare {
            file: None,
            rank: Some(r),
            adverse: false
        })),
        abs_full(),
        (0u8..8).prop_map(|f| Place::Abs(AbsSquare {
            file: Some(f),
            rank: None
        })),
    ]
}

fn promo_role() -> impl Strategy<Value = Role> {
    prop_oneof![
        Just(Role::Queen),
        Just(Role::Rook),
        Just(Role::Bishop),
        Just(Role::Knight)
    ]
}

fn piece_move() -> impl Strategy<Value = PieceMove> {
    (
        man(),
        man(),
        0u8..3,
        proptest::option::of(origin_strategy()),
        proptest::option::of(dest(false)),
        proptest::option::of(dest(true)),
        dest(true),
        proptest::option::of(promo_role()),
        proptest::option::of(1u8..=2),
    )
        .prop_map(
            |(man, victim, cap, from, to, to_ranked, to_some, promotion, advance)| {
                let pawn = man.role == Role::Pawn;
                let (capture, to) = match cap {
                    0 => (None, to),
                    1 => (Some(Some(victim)), to_ranked),
                    _ => (Some(None), Some(to_some)),
                };
                let from = from.filter(|_| !pawn && (capture.is_some() || to.is_some()));
                let advance = advance.filter(|_| pawn && capture.is_none() && to.is_none());
                PieceMove {
                    man,
                    from,
                    capture,
                    to,
                    promotion: promotion.filter(|_| pawn),
                    advance,
                }
            },
        )
}

fn en_move() -> impl Strategy<Value = Move> {
    let kind = prop_oneof![
        1 => prop_oneof![
            Just(None),
            Just(Some(CastleSide::King)),
            Just(Some(CastleSide::Queen))
        ]
        .prop_map(MoveKind::Castle),
        6 => piece_move().prop_map(MoveKind::Piece),
    ];
    let check = proptest::option::of(prop_oneof![
        Just(CheckMark::Check),
        Just(CheckMark::Discovered),
        Just(CheckMark::Double),
        Just(CheckMark::Mate)
    ]);
    (kind, check, any::<bool>(), proptest::option::of(1u8..=6)).prop_map(
        |(kind, check, en_passant, nag)| Move {
            kind,
            check,
            en_passant,
            nag,
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn every_style_reads_back(mv in en_move()) {
        for form in [Form::Compact, Form::Spaced, Form::LongHand] {
            for knight in [KnightLetter::Kt, KnightLetter::N] {
                let text = written(&mv, form, knight);
                let back = parse_move(EN, &text);
                prop_assert_eq!(back.as_ref(), Ok(&mv), "{:?} {:?}: {}", form, knight, text);
                // A move followed by the next one in a line still reads alone.
                let line = format!("{text} 12. P-K4");
                let (again, n) = parse_move_prefix(EN, &line).expect("prefix");
                prop_assert_eq!(again, mv);
                prop_assert_eq!(n, text.len());
            }
        }
    }

    /// `3. B. takes B. 1-0`: the result's `1` (or the next move's number) is never read
    /// as the rank of a square after a captured man, in any spelling or spacing.
    #[test]
    fn a_captured_man_before_a_result_or_a_move_number_is_no_square(
        mover in man(),
        victim in man(),
        form in prop_oneof![Just(Form::Compact), Just(Form::Spaced), Just(Form::LongHand)],
        knight in prop_oneof![Just(KnightLetter::Kt), Just(KnightLetter::N)],
        undotted in any::<bool>(),
        blank in prop_oneof![Just(" "), Just("  "), Just("\t"), Just("\n"), Just(" \u{a0}")],
        after in 0usize..10,
        number in 1u32..120,
    ) {
        let mv = Move::new(MoveKind::Piece(PieceMove {
            capture: Some(Some(victim)),
            ..bare(mover, None)
        }));
        let mut text = written(&mv, form, knight);
        // Books also print the long hand without its periods: `B takes B`.
        if undotted && form == Form::LongHand {
            text = text.replace('.', "");
        }
        let results = [
            ("1-0", Termination::WhiteWins),
            ("0-1", Termination::BlackWins),
            ("½-½", Termination::Draw),
            ("1/2-1/2", Termination::Draw),
            ("*", Termination::Unknown),
            ("1 - 0", Termination::WhiteWins),
            ("1–0", Termination::WhiteWins),
            ("1:0", Termination::WhiteWins),
        ];
        let line = match results.get(after) {
            Some((r, _)) => format!("{text}{blank}{r}"),
            None => format!("{text}{blank}{number}. P-K4"),
        };
        let tokens = tokenize(EN, &line);
        prop_assert!(tokens.len() >= 2, "{line:?}: {tokens:?}");
        prop_assert_eq!(tokens[0].kind, TokenKind::Move(mv), "{:?}", line);
        prop_assert_eq!(tokens[0].span.end as usize, text.len(), "{:?}", line);
        let want = match results.get(after) {
            Some(&(_, t)) => TokenKind::Result(t),
            None => TokenKind::MoveNumber { number, black: false },
        };
        prop_assert_eq!(tokens[1].kind, want, "{:?}", line);
    }

    /// Spaced print, with or without its dashes (`Kt x Q B Q 3` is `Kt x Q` then `B Q 3`):
    /// a captured man is read no further than leaves the next move whole, so two moves
    /// in a row leave no word unread. (Where both readings are whole, as `P x Q Kt ch`,
    /// the longer man stands.) Long hand ends its men with stops, and is left alone.
    #[test]
    fn a_spaced_captured_man_leaves_the_next_move_whole(
        mover in man(),
        victim in man(),
        next in en_move(),
        dashless in any::<bool>(),
    ) {
        let first = Move::new(MoveKind::Piece(PieceMove {
            capture: Some(Some(victim)),
            ..bare(mover, None)
        }));
        let print = |mv: &Move| {
            let text = written(mv, Form::Spaced, KnightLetter::Kt);
            if dashless && !matches!(mv.kind, MoveKind::Castle(_)) {
                text.replace(" - ", " ")
            } else {
                text
            }
        };
        // Only moves that read alone in this print (`P - R` without its dash does not).
        prop_assume!(parse_move(EN, &print(&next)).as_ref() == Ok(&next));
        prop_assume!(parse_move(EN, &print(&first)).as_ref() == Ok(&first));
        // `P x Q Kt (R 1)`, with a blank, names the square of the capture, by convention.
        prop_assume!(!print(&next).contains('('));
        // One move is looked ahead, not two: in `P x Kt P K R 1 = Q` the next move, `K R
        // 1`, reads whole, and only its promotion is left over.
        prop_assume!(!matches!(next.kind, MoveKind::Piece(PieceMove { promotion: Some(_), .. })));
        let line = format!("{} {}", print(&first), print(&next));
        let tokens = tokenize(EN, &line);
        prop_assert!(
            tokens.iter().all(|t| matches!(t.kind, TokenKind::Move(_))),
            "{:?}: {:?}",
            line,
            tokens
        );
    }

    #[test]
    fn never_panics_on_any_text(s in "\\PC{0,40}") {
        check_no_panic(&s);
    }

    #[test]
    fn never_panics_on_notation_soup(
        s in "[KQRBNPtTxX×:()/=\\-–—.,' ’s0-9a-hOo+#!?a-z ]{0,30}"
    ) {
        check_no_panic(&s);
    }
}

fn check_no_panic(s: &str) {
    if let Some((_, n)) = parse_move_prefix(EN, s) {
        assert!(n <= s.len() && s.is_char_boundary(n), "{s:?} {n}");
    }
    for t in tokenize(EN, s) {
        let r = t.span.range();
        assert!(r.end <= s.len() && s.is_char_boundary(r.start) && s.is_char_boundary(r.end));
    }
    let mut out = String::new();
    if let Ok(mv) = parse_move(EN, s) {
        for form in [Form::Compact, Form::Spaced, Form::LongHand] {
            write(
                &mv,
                Style {
                    form,
                    knight: KnightLetter::Kt,
                },
                &mut out,
            );
        }
    }
}

#[test]
fn writers_do_not_panic_on_odd_asts() {
    let odd = Move {
        kind: MoveKind::Piece(PieceMove {
            man: Man {
                role: Role::King,
                wing: Some(Wing::Queen),
                file: Some(FileGroup::King),
            },
            from: Some(Place::Abs(AbsSquare {
                file: Some(200),
                rank: Some(255),
            })),
            capture: Some(None),
            to: Some(Place::Desc(DescSquare {
                file: None,
                rank: Some(0),
                adverse: true,
            })),
            promotion: Some(Role::King),
            advance: Some(200),
        }),
        check: Some(CheckMark::Double),
        en_passant: true,
        nag: Some(200),
    };
    for form in [Form::Compact, Form::Spaced, Form::LongHand] {
        let mut out = String::new();
        write(
            &odd,
            Style {
                form,
                knight: KnightLetter::N,
            },
            &mut out,
        );
        assert!(!out.is_empty());
    }
}

/// The moves of each other grouping of `line`'s first two move tokens, shown.
fn regrouped(line: &str) -> Vec<[String; 2]> {
    let t = tokenize(EN, line);
    let moves: Vec<&Token> = t
        .iter()
        .filter(|t| matches!(t.kind, TokenKind::Move(_)))
        .collect();
    let [a, b, ..] = moves[..] else {
        panic!("{line}: two moves, {t:?}")
    };
    crate::movetext::regroupings(EN, line, a.span, b.span)
        .iter()
        .map(|(x, y)| {
            // Each grouping's moves read alone as the words of their spans do.
            for t in [x, y] {
                let TokenKind::Move(m) = t.kind else {
                    panic!("{t:?}")
                };
                assert_eq!(parse_move(EN, &line[t.span.range()]), Ok(m), "{line}");
            }
            [&line[x.span.range()], &line[y.span.range()]].map(str::to_owned)
        })
        .collect()
}

/// Dash-less print runs a captured man's words on into the next move (issue 21): the
/// tokenizer reads one grouping, and the other is offered for the board to weigh.
#[test]
fn a_spaced_captured_man_whose_words_run_on_has_the_other_grouping() {
    let cases = [
        ("10. B x B P Q Kt 4", ["B x B", "P Q Kt 4"]),
        ("15. B x B P K R 4", ["B x B", "P K R 4"]),
        ("16. R x B P K B 4", ["R x B", "P K B 4"]),
        ("Kt x R P Q Kt 4", ["Kt x R", "P Q Kt 4"]),
    ];
    for (line, other) in cases {
        let other = other.map(str::to_owned);
        let got = regrouped(line);
        assert!(got.contains(&other), "{line}: {got:?}");
    }
}

/// No other grouping where the words after the shorter man read as no one move to the
/// second token's end, and never in compact or long-hand print, or across a line.
#[test]
fn only_run_on_words_have_another_grouping() {
    for line in [
        "Kt x K P B x B",
        "7. Kt x K P ch K B 1",
        "B x B P - Q Kt 4",
        "BxBP Q-Kt4",
        "BxB P-QKt4",
        "B. takes B. P. Q. to Kt's 4th.",
        "B x B P\nQ Kt 4",
        "B x B P   Q Kt 4",
        "B x Q 4 P Q Kt 4",
    ] {
        assert_eq!(regrouped(line), Vec::<[String; 2]>::new(), "{line}");
    }
}
