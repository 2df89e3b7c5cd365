//! The fast paths (compact and long hand) read what the full grammar reads, and read most
//! of what books print.

use super::*;

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
