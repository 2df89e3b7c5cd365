//! OCR'd books lose the blanks around `to` (`1. PtoK4 1. P toK4 2. KKttoB3`): the word
//! run on into the man before it or the square after it is still `to`, and the move reads
//! as printed. Over random legal games printed `P to K4` with those blanks lost at random,
//! every ply reads, and none is wrong in silence.

use escriba_notation::{DescLang, Dialect, Form, KnightLetter, MoveKind, Style, write_move};
use escriba_resolve::describe::describe;
use escriba_resolve::identity::Origins;
use escriba_resolve::shakmaty::{Chess, Move, Position};
use escriba_resolve::{Options, resolve};

use escriba_testkit::{Rng, random_game};

const EN: Dialect = Dialect::Descriptive(DescLang::En);
const COMPACT: Style = Style {
    form: Form::Compact,
    knight: KnightLetter::Kt,
};

/// `m` as a book in the style of `P to K4` prints it, the blanks around `to` lost as OCR
/// loses them: `PtoK4`, `P toK4`, `Pto K4`, or kept (`P to K4`). Captures and castling
/// print as in compact print (`PxP`, `Castles` is no concern here).
fn fused(pos: &Chess, origins: &Origins, m: Move, rng: &mut Rng) -> String {
    let printed = describe(pos, origins, m, EN);
    let mut out = String::new();
    write_move(EN, &printed, COMPACT, &mut out);
    let plain_move = matches!(&printed.kind, MoveKind::Piece(pm) if pm.capture.is_none());
    if !plain_move {
        return out;
    }
    let to = ["to", " toK", "to ", " to "][rng.below(4)];
    // Only the dash between the man and the square: a promotion's `=` is kept.
    match out.split_once('-') {
        Some((man, square)) if to == " toK" => format!("{man} to{square}"),
        Some((man, square)) => format!("{man}{to}{square}"),
        None => out,
    }
}

/// The game as a book prints it, one numbered pair a line.
fn printed_game(moves: &[Move], rng: &mut Rng) -> String {
    let mut pos = Chess::default();
    let mut origins = Origins::new(pos.board());
    let mut out = String::new();
    for (i, &m) in moves.iter().enumerate() {
        if i % 2 == 0 {
            out.push_str(&format!("{}. ", i / 2 + 1));
        }
        out.push_str(&fused(&pos, &origins, m, rng));
        out.push(if i % 2 == 0 { ' ' } else { '\n' });
        origins.play(m);
        pos.play_unchecked(m);
    }
    out
}

/// The property: a game printed with `to` run on into its neighbours reads to its end,
/// and every ply is the game's move or carries a flag.
#[test]
fn to_run_on_into_its_neighbours_reads_to_the_end_never_wrong_in_silence() {
    let mut rng = Rng::new(34_017);
    let mut failures = Vec::new();
    for g in 0..200 {
        let length = 30 + rng.below(50);
        let moves = random_game(&mut rng, length);
        let text = printed_game(&moves, &mut rng);
        let d = resolve(&text, EN, Chess::default(), &Options::default());
        if let Some((k, p)) = d
            .plies
            .iter()
            .enumerate()
            .find(|(k, p)| p.mv != moves[*k] && !p.status.is_flagged())
        {
            failures.push(format!(
                "game {g}, ply {}: `{}` read as {} unflagged",
                k + 1,
                &text[p.span.range()],
                p.san
            ));
        } else if d.plies.len() < moves.len() {
            failures.push(format!(
                "game {g}: {} of {} plies read, in:\n{text}",
                d.plies.len(),
                moves.len()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The forms of the Google Books pages, as printed: each reads as the move of its words.
#[test]
fn fused_to_reads_the_printed_move() {
    let text = "1. P to K4 1. P toK4\n2. P to KB4 2. PxP\n3. BtoQB4 3. KKttoB3\n\
                4. Q Kt to B 3 4. QKtto B3\n5. KKtto B3 5. B to QKt5\n";
    let d = resolve(text, EN, Chess::default(), &Options::default());
    let sans: Vec<&str> = d.plies.iter().map(|p| p.san.as_str()).collect();
    assert_eq!(
        sans,
        [
            "e4", "e5", "f4", "exf4", "Bc4", "Nf6", "Nc3", "Nc6", "Nf3", "Bb4"
        ]
    );
}
