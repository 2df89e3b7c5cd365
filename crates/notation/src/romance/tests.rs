//! The Romance grammar's and writer's tests: the reference's examples in each language,
//! tokenizing, writing back, and generated moves read back.

use super::*;
use crate::ast::TokenKind;
use crate::dialect::Dialect;
use crate::movetext::tokenize;
use crate::style::{Form, KnightLetter};
use crate::{parse_move, parse_move_prefix, write_move};
use proptest::prelude::*;

const ES: DescLang = DescLang::Es;
const PT: DescLang = DescLang::Pt;
const FR: DescLang = DescLang::Fr;
const IT: DescLang = DescLang::It;
const CA: DescLang = DescLang::Ca;
const LANGS: [DescLang; 5] = [ES, PT, FR, IT, CA];

fn d(lang: DescLang) -> Dialect {
    Dialect::Descriptive(lang)
}

fn code(lang: DescLang) -> &'static str {
    match lang {
        DescLang::Es => "es",
        DescLang::Pt => "pt",
        DescLang::Fr => "fr",
        DescLang::It => "it",
        DescLang::Ca => "ca",
        DescLang::En => "en",
    }
}

/// Every example of reference §3 and §4 and seed 003, plus deliberate rejects.
const TABLE: &[(DescLang, &str)] = &[
    // Seed 003 (Borrell 1975) and §3.2.
    (ES, "P4R"),
    (ES, "C3AR"),
    (ES, "C3AD"),
    (ES, "C3A"),
    (ES, "A5C"),
    (ES, "O-O"),
    (ES, "P3D"),
    (ES, "C5D"),
    (ES, "CXA"),
    (ES, "D2D"),
    (ES, "AXC"),
    (ES, "C7R+"),
    (ES, "R1T"),
    (ES, "AXP+"),
    (ES, "RXA"),
    (ES, "D5C+"),
    (ES, "D6A#"),
    (ES, "A5CD"),
    (ES, "D7T"),
    (ES, "P8C=D+"),
    (ES, "AxT"),
    (ES, "P3CD"),
    (ES, "A2C"),
    (ES, "P4AD"),
    (ES, "P3R"),
    (ES, "A2R"),
    (ES, "P3TD"),
    // §3.3 captures.
    (ES, "PxP"),
    (ES, "PRxP"),
    (ES, "PCxPA"),
    (ES, "PxPT"),
    (ES, "PTxP"),
    (ES, "PAXPC"),
    (ES, "CRXP"),
    (ES, "CDXP"),
    (ES, "C×A"),
    (ES, "C:A"),
    // §3.4 disambiguation.
    (ES, "TD3AR"),
    (ES, "TR1D"),
    (ES, "CR3A"),
    (ES, "T1xP"),
    (ES, "T7xP"),
    (ES, "C3-2D"),
    (ES, "C3A-2D"),
    (ES, "C7-5C"),
    (ES, "C3-5C"),
    (ES, "C\\7-5C"),
    // §3.5 castling, promotion, e.p., checks.
    (ES, "0-0"),
    (ES, "0-0-0"),
    (ES, "O-O-O"),
    (ES, "00"),
    (ES, "000"),
    (ES, "0 — 0"),
    (ES, "0 — 0 — 0"),
    (ES, "Enroque"),
    (ES, "PxP a.p."),
    (ES, "PxP e.p."),
    (ES, "AXP++"),
    (ES, "P8D=D"),
    (ES, "P8C(D)"),
    (ES, "P8C/D"),
    (ES, "P8CD"),
    (ES, "PxA=D"),
    // Hyphens and spacing.
    (ES, "P-4R"),
    (ES, "C-3AR"),
    (ES, "P-R4"),
    (ES, "C2R??"),
    (ES, "C3AR!?"),
    // §3.6 the 19th-century hybrid.
    (ES, "ar-c4"),
    (ES, "cd-c3"),
    (ES, "a-c4"),
    (ES, "c-c3"),
    (ES, "f-34"),
    // Seed 003's algebraic examples and other rejects.
    (ES, "Dxd5"),
    (ES, "Af3+"),
    (ES, "P9R"),
    (ES, "P4RR"),
    (ES, "CX"),
    (ES, "T 4."),
    (ES, "R"),
    (ES, "P-K4"),
    // §4.3 Portuguese.
    (PT, "P4R"),
    (PT, "C3BR"),
    (PT, "B5C"),
    (PT, "P4D"),
    (PT, "PxP"),
    (PT, "P3R"),
    (PT, "R2R"),
    (PT, "R2D"),
    (PT, "D5TR"),
    (PT, "B6CD"),
    (PT, "0-0"),
    (PT, "0-0-0"),
    (PT, "D7R++"),
    (PT, "roque"),
    (PT, "A5C"),
    // §4.1 French.
    (FR, "P4R"),
    (FR, "T5FR"),
    (FR, "D 4 FR"),
    (FR, "T 4 CR — 2 CR"),
    (FR, "TD3FR"),
    (FR, "PxC"),
    (FR, "P pr PD"),
    (FR, "C pr PD"),
    (FR, "P.4D"),
    (FR, "P.4FD"),
    (FR, "P.3FD"),
    (FR, "C.3FD"),
    (FR, "C. 3FR"),
    (FR, "P.3R"),
    (FR, "F.4FR"),
    (FR, "P8D=D"),
    (FR, "PxC:D≠"),
    (FR, "P8D:D"),
    (FR, "P:P"),
    (FR, "0 — 0"),
    (FR, "0 — 0 — 0"),
    (FR, "roque"),
    (FR, "A5C"),
    // §4.2 Italian.
    (IT, "T-AD3"),
    (IT, "T-AD6"),
    (IT, "P4R"),
    (IT, "P-R4"),
    (IT, "CR-AR3"),
    (IT, "C(AR3)-D2"),
    (IT, "TxA"),
    (IT, "TxP-D5"),
    (IT, "arrocco"),
    (IT, "ar-c4"),
    // §4.4 Catalan.
    (CA, "P4R"),
    (CA, "C3AR"),
    (CA, "C3AD"),
    (CA, "A4A"),
    (CA, "C3A"),
    (CA, "C5C"),
    (CA, "C2R??"),
    (CA, "AxP++"),
    (CA, "CR2R"),
    (CA, "CD2D"),
    (CA, "C(1)2R"),
    (CA, "C2R"),
    (CA, "C2D"),
    (CA, "A5C"),
    (CA, "A5CR"),
    (CA, "P8C=D"),
    (CA, "O-O"),
    (CA, "0-0"),
    (CA, "enroc"),
];

#[test]
fn table_snapshot() {
    let mut s = String::new();
    for &(lang, text) in TABLE {
        let _ = match parse_move(d(lang), text) {
            Ok(mv) => writeln!(s, "{}  {text}  =>  {mv}", code(lang)),
            Err(_) => writeln!(s, "{}  {text}  =>  ERROR", code(lang)),
        };
    }
    insta::assert_snapshot!("romance_table", s);
}

fn p(lang: DescLang, text: &str) -> Move {
    parse_move(d(lang), text).unwrap_or_else(|e| panic!("{e}"))
}

fn piece(mv: Move) -> PieceMove {
    match mv.kind {
        MoveKind::Piece(pm) => pm,
        MoveKind::Castle(_) => panic!("castling"),
    }
}

fn sq(group: FileGroup, wing: Option<Wing>, rank: u8) -> Option<Place> {
    Some(Place::Desc(DescSquare {
        file: Some(DescFile { group, wing }),
        rank: Some(rank),
        adverse: false,
    }))
}

#[test]
fn ast_conventions() {
    let m = piece(p(ES, "CR3A"));
    assert_eq!(
        m.man,
        Man {
            role: Role::Knight,
            wing: Some(Wing::King),
            file: None
        }
    );
    assert_eq!(m.to, sq(FileGroup::Bishop, None, 3));
    let m = piece(p(ES, "TD3AR"));
    assert_eq!(m.man.wing, Some(Wing::Queen));
    assert_eq!(m.to, sq(FileGroup::Bishop, Some(Wing::King), 3));
    let m = piece(p(ES, "PAR4R"));
    assert_eq!(
        m.man,
        Man {
            role: Role::Pawn,
            wing: Some(Wing::King),
            file: Some(FileGroup::Bishop)
        }
    );
    assert_eq!(m.to, sq(FileGroup::King, None, 4));
    let m = piece(p(ES, "PCxPA"));
    assert_eq!(m.man.file, Some(FileGroup::Knight));
    assert_eq!(
        m.capture,
        Some(Some(Man {
            role: Role::Pawn,
            wing: None,
            file: Some(FileGroup::Bishop)
        }))
    );
    let m = piece(p(ES, "T1xP"));
    assert_eq!(
        m.from,
        Some(Place::Desc(DescSquare {
            file: None,
            rank: Some(1),
            adverse: false
        }))
    );
    assert_eq!(m.capture, Some(Some(Man::plain(Role::Pawn))));
    assert_eq!(m.to, None);
    let m = piece(p(FR, "T 4 CR — 2 CR"));
    assert_eq!(m.from, sq(FileGroup::Knight, Some(Wing::King), 4));
    assert_eq!(m.to, sq(FileGroup::Knight, Some(Wing::King), 2));
    let m = piece(p(FR, "PxC:D≠"));
    assert_eq!(m.promotion, Some(Role::Queen));
    assert_eq!(m.capture, Some(Some(Man::plain(Role::Knight))));
    let mv = p(ES, "R1T");
    assert_eq!(piece(mv).man, Man::plain(Role::King));
    let mv = p(ES, "D6A#");
    assert_eq!(mv.check, Some(CheckMark::Mate));
    assert_eq!(piece(mv).man, Man::plain(Role::Queen));
    let m = piece(p(ES, "P8CD"));
    assert_eq!(m.promotion, None);
    assert_eq!(m.to, sq(FileGroup::Knight, Some(Wing::Queen), 8));
    let m = piece(p(IT, "T-AD3"));
    assert_eq!(m.to, sq(FileGroup::Bishop, Some(Wing::Queen), 3));
}

/// Tokenizes `src` and checks that nothing is unknown; returns (moves, move numbers).
fn count(lang: DescLang, src: &str) -> (usize, usize) {
    let toks = tokenize(d(lang), src);
    let mut moves = 0;
    let mut numbers = 0;
    for t in &toks {
        match t.kind {
            TokenKind::Move(_) => moves += 1,
            TokenKind::MoveNumber { .. } => numbers += 1,
            k => panic!("{:?} {:?} in {src}", k, &src[t.span.range()]),
        }
    }
    (moves, numbers)
}

#[test]
fn seed_003_game_tokenizes() {
    let game = "1.P4R P4R 2.C3AR C3AD 3.C3A C3A 4.A5C A5C 5.O-O O-O 6.P3D P3D 7.A5C A5C \
                8.C5D C5D 9.CXA CXA 10.C5D C5D 11.D2D D2D 12.AXC AXC 13.C7R+ R1T \
                14.AXP+ RXA 15.D5C+ R1T 16.D6A#";
    assert_eq!(count(ES, game), (31, 16));
    let toks = tokenize(d(ES), game);
    let last = toks.last().map(|t| t.kind);
    let Some(TokenKind::Move(mv)) = last else {
        panic!("{last:?}")
    };
    assert_eq!(mv.check, Some(CheckMark::Mate));
}

#[test]
fn other_languages_tokenize() {
    let fr = "1. P.4D P.4D 2. P.4FD P.3FD 3. C.3FD C. 3FR 4. P.3R F.4FR 5. P pr PD C pr PD";
    assert_eq!(count(FR, fr), (10, 5));
    let ca = "1. P4R P4R 2. C3AR C3AD 3. A4A C3A 4. C5C C2R?? 5. AxP++";
    assert_eq!(count(CA, ca), (9, 5));
    let pt = "1. P4R P4R 2. C3BR B5C 3. P4D PxP";
    assert_eq!(count(PT, pt), (6, 3));
    let it = "1. P4R P4R 2. C-AR3 C-AD3 3. T-AD3 T-AD6";
    assert_eq!(count(IT, it), (6, 3));
    let fide = "1. D 4 FR T 4 CR — 2 CR 2. PxP e.p. PxC:D≠";
    assert_eq!(count(FR, fide), (4, 2));
    let es = "7. C(1)2R, C3-2D; 8. PxP a.p. P8C=D+ 9. O-O-O 0-0";
    assert_eq!(count(ES, es), (6, 3));
}

#[test]
fn writer_examples() {
    let w = |lang: DescLang, text: &str| {
        let mut out = String::new();
        write_move(d(lang), &p(lang, text), Style::default(), &mut out);
        out
    };
    assert_eq!(w(ES, "C3AR"), "C3AR");
    assert_eq!(w(ES, "CXA"), "CxA");
    assert_eq!(w(ES, "TR1D"), "TR1D");
    assert_eq!(w(ES, "C3-2D"), "C3-2D");
    assert_eq!(w(ES, "C3A-2D"), "C3A-2D");
    assert_eq!(w(ES, "P8C=D+"), "P8C=D+");
    assert_eq!(w(ES, "0-0-0"), "O-O-O");
    assert_eq!(w(ES, "PxP a.p."), "PxP a.p.");
    assert_eq!(w(ES, "D6A#"), "D6A#");
    assert_eq!(w(CA, "C(1)2R"), "C(1)2R");
    assert_eq!(w(ES, "C(1)2R"), "C1-2R");
    assert_eq!(w(CA, "T1xP"), "T(1)xP");
    assert_eq!(w(PT, "D7R++"), "D7R++");
    assert_eq!(w(FR, "PxC:D≠"), "PxC=D≠");
    assert_eq!(w(FR, "P pr PD"), "PxPD");
    assert_eq!(w(FR, "T 4 CR — 2 CR"), "T4CR-2CR");
    assert_eq!(w(IT, "T-AD3"), "T-AD3");
    assert_eq!(w(IT, "P4R"), "P-R4");
    assert_eq!(w(IT, "C3A-2D"), "C(A3)-D2");
    assert_eq!(w(ES, "C2R??"), "C2R??");
}

#[test]
fn adverse_and_abs_places_are_written() {
    let mut pm = piece(p(ES, "T1D"));
    pm.to = Some(Place::Desc(DescSquare {
        file: Some(DescFile {
            group: FileGroup::Bishop,
            wing: Some(Wing::King),
        }),
        rank: Some(1),
        adverse: true,
    }));
    pm.from = Some(Place::Abs(AbsSquare {
        file: Some(0),
        rank: Some(0),
    }));
    let mut out = String::new();
    write(
        ES,
        &Move::new(MoveKind::Piece(pm)),
        Style::default(),
        &mut out,
    );
    assert_eq!(out, "T(a1)8AR");
    // Nonsense values must not panic.
    pm.to = Some(Place::Desc(DescSquare {
        file: None,
        rank: Some(200),
        adverse: true,
    }));
    pm.from = Some(Place::Abs(AbsSquare {
        file: Some(255),
        rank: Some(255),
    }));
    pm.advance = Some(2);
    let mut out = String::new();
    write(
        IT,
        &Move::new(MoveKind::Piece(pm)),
        Style::default(),
        &mut out,
    );
    assert!(!out.is_empty());
}

// -----------------------------------------------------------------------------------
// Property tests

fn wing_s() -> impl Strategy<Value = Option<Wing>> {
    prop_oneof![Just(None), Just(Some(Wing::King)), Just(Some(Wing::Queen))]
}

fn group_s() -> impl Strategy<Value = FileGroup> {
    prop_oneof![
        Just(FileGroup::Rook),
        Just(FileGroup::Knight),
        Just(FileGroup::Bishop),
        Just(FileGroup::Queen),
        Just(FileGroup::King),
    ]
}

fn file_s() -> impl Strategy<Value = DescFile> {
    (group_s(), wing_s()).prop_map(|(group, wing)| DescFile {
        group,
        wing: if group.is_paired() { wing } else { None },
    })
}

fn role_s() -> impl Strategy<Value = Role> {
    proptest::sample::select(Role::ALL.to_vec())
}

/// A man the notation can name: wings on knights, bishops and rooks; files on pawns.
fn man_s() -> impl Strategy<Value = Man> {
    (role_s(), wing_s(), proptest::option::of(group_s())).prop_map(
        |(role, wing, file)| match role {
            Role::Pawn => Man {
                role,
                wing: if file.is_some_and(FileGroup::is_paired) {
                    wing
                } else {
                    None
                },
                file,
            },
            Role::Knight | Role::Bishop | Role::Rook => Man {
                role,
                wing,
                file: None,
            },
            Role::Queen | Role::King => Man::plain(role),
        },
    )
}

/// A place with at least a rank or a file; algebraic places are full squares.
fn place_s() -> impl Strategy<Value = Place> {
    prop_oneof![
        4 => (proptest::option::of(file_s()), proptest::option::of(1..=8u8))
            .prop_filter("empty square", |(f, r)| f.is_some() || r.is_some())
            .prop_map(|(file, rank)| Place::Desc(DescSquare {
                file,
                rank,
                adverse: false
            })),
        1 => (0..8u8, 0..8u8).prop_map(|(f, r)| Place::Abs(AbsSquare {
            file: Some(f),
            rank: Some(r)
        })),
    ]
}

fn piece_s() -> impl Strategy<Value = PieceMove> {
    (
        man_s(),
        proptest::option::of(place_s()),
        0..3u8,
        man_s(),
        proptest::option::of(place_s()),
        proptest::option::of(proptest::sample::select(vec![
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ])),
    )
        .prop_map(|(man, from, cap, victim, to, promotion)| {
            let mut capture = match cap {
                0 => None,
                1 => Some(None),
                _ => Some(Some(victim)),
            };
            // A capture names the man or the square; a plain move names the square.
            if to.is_none() {
                capture = Some(Some(victim));
            }
            PieceMove {
                man,
                from,
                capture,
                to,
                promotion: promotion.filter(|_| man.role == Role::Pawn),
                advance: None,
            }
        })
}

fn move_s() -> impl Strategy<Value = Move> {
    let kind = prop_oneof![
        1 => prop_oneof![
            Just(None),
            Just(Some(CastleSide::King)),
            Just(Some(CastleSide::Queen))
        ]
        .prop_map(MoveKind::Castle),
        6 => piece_s().prop_map(MoveKind::Piece),
    ];
    let check = prop_oneof![
        Just(None),
        Just(Some(CheckMark::Check)),
        Just(Some(CheckMark::Discovered)),
        Just(Some(CheckMark::Double)),
        Just(Some(CheckMark::Mate)),
    ];
    (kind, check, any::<bool>(), proptest::option::of(1..=6u8)).prop_map(
        |(kind, check, en_passant, nag)| Move {
            kind,
            check,
            en_passant,
            nag,
        },
    )
}

const STYLES: [Style; 3] = [
    Style {
        form: Form::Compact,
        knight: KnightLetter::Kt,
    },
    Style {
        form: Form::Spaced,
        knight: KnightLetter::N,
    },
    Style {
        form: Form::LongHand,
        knight: KnightLetter::Kt,
    },
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn round_trip(mv in move_s(), lang in proptest::sample::select(LANGS.to_vec())) {
        for style in STYLES {
            let mut out = String::new();
            write_move(d(lang), &mv, style, &mut out);
            let back = parse_move(d(lang), &out);
            prop_assert_eq!(back, Ok(mv), "{} wrote {:?}", code(lang), out);
            // The written move is one token of movetext too.
            let toks = tokenize(d(lang), &out);
            prop_assert_eq!(toks.len(), 1, "{:?}", out);
        }
    }

    #[test]
    fn never_panics_on_text(s in "\\PC{0,24}", lang in proptest::sample::select(LANGS.to_vec())) {
        check_no_panic(lang, &s);
    }

    #[test]
    fn never_panics_on_notation_soup(
        s in "[PCABFTDRpr0Oo1-9a-h \\-—–x×X:=/()\\.+#≠!?é]{0,16}",
        lang in proptest::sample::select(LANGS.to_vec()),
    ) {
        check_no_panic(lang, &s);
    }
}

fn check_no_panic(lang: DescLang, s: &str) {
    if let Some((_, n)) = parse_move_prefix(d(lang), s) {
        assert!(n <= s.len() && s.is_char_boundary(n), "{s:?} {n}");
    }
    for t in tokenize(d(lang), s) {
        let r = t.span.range();
        assert!(r.end <= s.len() && s.is_char_boundary(r.start) && s.is_char_boundary(r.end));
    }
}
