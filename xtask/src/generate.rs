//! `cargo xtask gen`: PGN in, games in another notation out, with their tags.

use std::io::Write;
use std::path::Path;

use anyhow::{Context, Result, bail};
use escriba_notation::{
    CastleSide, CheckMark, Dialect, Form, KnightLetter, MoveKind, Style, write_move,
};
use escriba_resolve::describe::{describe, write_game, write_game_with};
use escriba_resolve::shakmaty::{Chess, Move, Position, Role};
use escriba_resolve::side::wing_of;
use escriba_testkit::Rng;

use crate::pgn;

/// Parses a style name.
pub fn style(name: &str) -> Result<Style> {
    Ok(match name {
        "compact" => Style::default(),
        "compact-n" => Style {
            form: Form::Compact,
            knight: KnightLetter::N,
        },
        "spaced" => Style {
            form: Form::Spaced,
            knight: KnightLetter::Kt,
        },
        "long" => Style {
            form: Form::LongHand,
            knight: KnightLetter::Kt,
        },
        other => bail!("unknown style `{other}`: compact, compact-n, spaced or long"),
    })
}

/// Writes every game of `pgn_text` in `dialect`: its tags, then the movetext and result.
pub fn generate(
    pgn_text: &str,
    dialect: Dialect,
    style: Style,
    out: &mut impl Write,
) -> Result<usize> {
    let start = Chess::default();
    let mut plies = 0;
    for g in pgn::read(pgn_text) {
        for (k, v) in &g.tags {
            writeln!(out, "[{k} \"{}\"]", v.replace('"', "\\\""))?;
        }
        let text =
            write_game(&start, &g.moves, dialect, style).context("an illegal move in the input")?;
        plies += g.moves.len();
        writeln!(out, "\n{text} {}\n", g.result)?;
    }
    Ok(plies)
}

/// How one game of a realistic text is printed ([`write_varied`]): real books differ from
/// book to book, and the bench's texts mix them game by game.
#[derive(Debug, Clone, Copy)]
struct Variety {
    /// English knight letter: `Kt` or `N`.
    knight: KnightLetter,
    /// King-side castling as `Castles` (when only that castling is legal) or `O-O`.
    castles_word: bool,
    /// Check marks: 0 none printed, 1 the dialect's word (`ch`, `(ch.)`), 2 `+`.
    check: usize,
    /// Mate: 0 as a check, 1 the word (`mate`, `(mate)`), 2 `#`.
    mate: usize,
    /// One piece move in `identity` (of every four) names its mover's wing: `QKt-B3`,
    /// `K. Kt. to B's 3d.`, `TR1D`.
    identity: usize,
    /// Compact promotions: 0 `=Q`, 1 `(Q)`, 2 ` queens`; long-hand: 0 `, becoming a Queen.`,
    /// 1 `, queens.`
    promotion: usize,
}

impl Variety {
    fn draw(rng: &mut Rng, form: Form) -> Variety {
        Variety {
            knight: if form == Form::LongHand || rng.below(3) > 0 {
                KnightLetter::Kt
            } else {
                KnightLetter::N
            },
            castles_word: rng.below(2) == 0,
            check: rng.below(3),
            mate: rng.below(3),
            identity: rng.below(3),
            promotion: rng.below(if form == Form::LongHand { 2 } else { 3 }),
        }
    }
}

/// Writes a game as [`write_game`] does, printed with `variety`: identity prefixes on
/// some piece moves, `Castles` or `O-O`, check and mate as words, `+` and `#` or not at
/// all, promotions written out. `None` if a move is not legal where it stands.
fn write_varied(
    start: &Chess,
    moves: &[Move],
    dialect: Dialect,
    form: Form,
    variety: Variety,
    rng: &mut Rng,
) -> Option<String> {
    let style = Style {
        form,
        knight: variety.knight,
    };
    let english = dialect == Dialect::Descriptive(escriba_notation::DescLang::En);
    write_game_with(start, moves, form, |pos, origins, m, out| {
        let mut tok = describe(pos, origins, m, dialect);
        let legal = pos.legal_moves();
        if let MoveKind::Castle(Some(CastleSide::King)) = tok.kind {
            let both = legal.iter().filter(|l| l.is_castle()).count() > 1;
            if variety.castles_word && !both && dialect.is_descriptive() {
                tok.kind = MoveKind::Castle(None);
            }
        }
        if let MoveKind::Piece(p) = &mut tok.kind
            && dialect.is_descriptive()
            && matches!(m.role(), Role::Knight | Role::Bishop | Role::Rook)
            && p.man.wing.is_none()
            && p.from.is_none()
            && rng.below(4) < variety.identity
        {
            let from = m.from().expect("not a drop");
            p.man.wing = Some(wing_of(origins.origin(from).unwrap_or(from).file()));
        }
        let mut suffix = "";
        match tok.check {
            Some(CheckMark::Mate) if variety.mate == 0 => {
                tok.check = (variety.check == 1).then_some(CheckMark::Check);
                suffix = if variety.check == 2 { "+" } else { "" };
            }
            Some(CheckMark::Mate) if variety.mate == 2 => {
                tok.check = None;
                suffix = "#";
            }
            Some(CheckMark::Mate) => {}
            Some(_) if variety.check == 0 => tok.check = None,
            Some(_) if variety.check == 2 => {
                tok.check = None;
                suffix = "+";
            }
            _ => {}
        }
        let at = out.len();
        write_move(dialect, &tok, style, out);
        if english && m.promotion().is_some() {
            let written = out[at..].to_owned();
            let varied = match (form, variety.promotion) {
                (Form::LongHand, 1) => written.replacen(", becoming a Queen.", ", queens.", 1),
                (Form::Compact, 1) => written.replacen("=Q", "(Q)", 1),
                (Form::Compact, 2) => written.replacen("=Q", " queens", 1),
                _ => written,
            };
            out.truncate(at);
            out.push_str(&varied);
        }
        out.push_str(suffix);
    })
}

/// Writes every game of `pgn_text` in `dialect` and `form` with the variety real books
/// have ([`write_varied`], drawn game by game from `seed`): tags, movetext and result.
/// Each game is written twice, into `clean` and `damaged`: the second time with about
/// `per_mille`/1000 of its move tokens damaged by the corruption test's model
/// ([`escriba_notation::damage`]). Returns the games' movetexts.
pub fn generate_realistic(
    pgn_text: &str,
    dialect: Dialect,
    form: Form,
    seed: u64,
    per_mille: usize,
    clean: &mut impl Write,
    damaged: &mut impl Write,
) -> Result<Vec<BenchGame>> {
    let start = Chess::default();
    // The state is the seed itself: the bench's texts as they were.
    let mut rng = Rng::from_state(seed);
    let mut out = Vec::new();
    for g in pgn::read(pgn_text) {
        let variety = Variety::draw(&mut rng, form);
        let text = write_varied(&start, &g.moves, dialect, form, variety, &mut rng)
            .context("an illegal move in the input")?;
        let bad = escriba_notation::damage::damage_movetext(dialect, &text, per_mille, &mut |n| {
            rng.below(n)
        });
        let write = |out: &mut dyn Write, text: &str| -> std::io::Result<()> {
            for (k, v) in &g.tags {
                writeln!(out, "[{k} \"{}\"]", v.replace('"', "\\\""))?;
            }
            writeln!(out, "\n{text} {}\n", g.result)
        };
        write(clean, &text)?;
        write(damaged, &bad)?;
        out.push(BenchGame {
            clean: text,
            damaged: bad,
            plies: g.moves.len(),
            moves: g.moves,
        });
    }
    Ok(out)
}

/// One game's movetext, clean and damaged, for the bench.
pub struct BenchGame {
    /// The movetext as written.
    pub clean: String,
    /// The same with damaged tokens.
    pub damaged: String,
    /// Its plies.
    pub plies: usize,
    /// Its moves, from the standard start.
    pub moves: Vec<escriba_resolve::shakmaty::Move>,
}

/// `cargo xtask gen --notation ID [--style S] [--realistic --seed N] IN.pgn [-o OUT]`;
/// `realistic`: the seed of [`generate_realistic`] (the style's knight letter is then
/// drawn per game too).
pub fn run(
    notation: &str,
    style_name: &str,
    input: &Path,
    output: Option<&Path>,
    realistic: Option<u64>,
) -> Result<()> {
    let dialect: Dialect = notation.parse()?;
    let style = style(style_name)?;
    let text = std::fs::read(input).with_context(|| format!("reading {}", input.display()))?;
    let text = String::from_utf8_lossy(&text);
    let write = |out: &mut dyn Write| -> Result<()> {
        let mut out = out;
        match realistic {
            Some(seed) => {
                generate_realistic(
                    &text,
                    dialect,
                    style.form,
                    seed,
                    0,
                    &mut out,
                    &mut std::io::sink(),
                )?;
            }
            None => {
                generate(&text, dialect, style, &mut out)?;
            }
        }
        Ok(())
    };
    match output {
        Some(p) => {
            let mut f = std::io::BufWriter::new(std::fs::File::create(p)?);
            write(&mut f)?;
            f.flush()?;
        }
        None => {
            let stdout = std::io::stdout();
            write(&mut stdout.lock())?;
        }
    }
    Ok(())
}
