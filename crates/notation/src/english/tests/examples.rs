//! The reference's examples: read, shown, tokenized in context, and written in each style.

use super::*;

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

/// Print forms of real pages: a check mark set off by a colon, a mover in lower case, a
/// file whose rank the e-text lost, a pawn move followed by a note letter in parentheses.
#[test]
fn print_forms_of_real_pages() {
    for (s, shown, len) in [
        ("Kt takes B P: ch. Kt takes Kt", "N x P{B} check", 17),
        ("Q-R5 : mate", "Q to desc R5 mate", 11),
        ("p-K4 p-K4", "P to desc K4", 4),
        ("kt x P", "N x P", 6),
        ("qkt-Q2 B-K2", "N{Q} to desc Q2", 6),
        ("P to Q B. Kt to K B 3", "P to desc QB?", 9),
        ("P to Q B\nKt to K B 3", "P to desc QB?", 8),
        ("P-KKt4 (N) 4. B-B4", "P to desc KN4", 6),
        ("Q. takes doubled P. B. to K. 3", "Q x P", 19),
    ] {
        let (mv, n) = parse_move_prefix(EN, s).unwrap_or_else(|| panic!("{s} reads"));
        assert_eq!((mv.to_string().as_str(), n), (shown, len), "{s}");
    }
    // The next move's man is no file: `P to Q  B to K 2` keeps its `B`.
    let (_, n) = parse_move_prefix(EN, "P to Q B to K 2").unwrap();
    assert_eq!(n, "P to Q".len());
    // On the last rank a parenthesised man is still the promotion.
    let (mv, _) = parse_move_prefix(EN, "P-K8 (Kt)").unwrap();
    assert_eq!(mv.to_string(), "P to desc K8 =N");
}
