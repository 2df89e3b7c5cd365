//! The costs of the repair model, in one table: every figure is a negative log-likelihood,
//! in half-nats (cost = 2 × −ln p, rounded), of one event against reading the token as
//! printed. Costs add along a game, so the cheapest reading is the likeliest one.
//!
//! Where the figures come from:
//! - *model*: the forward damage model, `damage` (each of its 13 kinds is drawn
//!   about equally often,
//!   p ≈ 1/13, cost 5; a damaged token at the corpus's rate, about 2% of plies, p ≈ 1/50,
//!   cost 8), as the corruption test and the bench apply it;
//! - *corpus*: the damaged texts typed in `corpus/` (`[ExpectedFlags]`), about 40 repairs;
//! - *books*: the two shared books, where conventions (bare files, positional wings)
//!   are common and real damage rare.

/// A wing prefix read by position rather than origin (books: common, p ≈ 0.6).
pub const POSITIONAL: u32 = 1;
/// A check the book printed no mark for (books: common in old ones; corpus: 34 of 334
/// checks).
pub const UNMARKED_CHECK: u32 = 1;
/// A check of another kind than the mark says: a double check marked where one man
/// checks, a discovered check where only the moved man does (books: rare, and no
/// contradiction of whether the move checks).
pub const MARK_KIND: u32 = 1;
/// A mate mark on a move that checks without mating (books: a mate in a few printed
/// as the last move, p ≈ 1/10).
pub const MATE_FOR_CHECK: u32 = 2;
/// A check or mate mark on a move that gives no check. The model never damages a
/// mark, and the shared books and the corpus print none among their 659 marks
/// (p < 1/659): a token whose readings as printed all contradict their mark is read
/// with the repairs that earn it too, and they compete (cost 13, rounded).
pub const WRONG_MARK: u32 = 13;
/// A bare file (`R-K`) read on a rank other than the first (books: p ≈ 0.4).
pub const BARE_FILE: u32 = 2;
/// Near-tie margin: readings closer than this (p within a factor e) are not told apart.
pub const NEAR_TIE: u32 = 2;
/// An e.p. mark on a move that is not en passant (corpus: marks stray, p ≈ 0.05).
pub const EN_PASSANT: u32 = 6;
/// A lost capture sign, an origin that does not fit, a swapped wing: damage of the
/// model that leaves a readable token (model: p ≈ 1/13 × 1/2 for two fitting readings).
pub const LOST_MARK: u32 = 8;
/// A capture sign with nothing captured, the wrong captured man, promotion piece or
/// castling side (corpus: p ≈ 1/150; not in the model).
pub const WRONG_DETAIL: u32 = 10;
/// The wrong piece letter (model: `B-`→`R-`, p ≈ 1/13 spread over the moves that
/// fit: p ≈ 1/400). From this cost on, a repair is taken only when later moves confirm
/// it.
pub const WRONG_PIECE: u32 = 12;
/// The wrong destination file or rank with no glyph confusion to explain it (not in
/// the model, whose digit confusions are the readings' EDIT; books: a misprinted square,
/// `Q. to R's 3d.` for `Q. to K's 3d.` in the *Blue Book*, p ≈ 1/400). Like a wrong
/// piece letter, taken only when later moves confirm it (the decoder's CONFIRM_PLIES).
pub const WRONG_SQUARE: u32 = 20;
/// One glyph confusion of the OCR table (`l`/`1`, `S`/`5`, `B`/`8`, `3`/`8`): the
/// model's commonest kind (p ≈ 1/13 × 1/2).
pub const EDIT: u32 = 4;
/// A spaced-out or split token squeezed together (`0- 0-0`; model: `-`→`- `).
pub const SQUEEZE: u32 = 2;
/// A lower-case piece letter (`bc4+`; corpus: p ≈ 1/20 of algebraic repairs).
pub const RECASE: u32 = 3;
/// A lost rank digit read back (`PR` for `P4R`, `K's th.` for `K's 4th.`; model: a
/// lost digit, p ≈ 1/20 over the eight digits).
pub const DIGIT: u32 = 6;
/// An unreadable character that is no look-alike of a digit read as one (`KBJ`; not in
/// the model, which garbles digits only into look-alikes, the EDIT confusions, or loses
/// them: p ≈ 1/4 of a lost digit's). Dearer than a lost digit by more than the near-tie
/// margin, so that `PR` reads as a pawn to a square of the king's file (`P4R`) before
/// it reads as any pawn to a rank (`P4`).
pub const GARBLED_DIGIT: u32 = 9;
/// A stray character dropped: no kind of the model adds a character, and the books
/// show few (p ≈ 1/1000).
pub const DROP: u32 = 14;
/// A move read without its origin square (`e4-e4`; corpus).
pub const NO_ORIGIN: u32 = 6;
/// Rewriting a token that reads as a legal move as printed, on top of its repair: the
/// damage must have made one legal move of another (model: p ≈ 1/150 of damaged plies
/// in compact English, fewer elsewhere).
pub const LEGAL_REWRITE: u32 = 10;
/// Passing over unread text glued to the move before it on its line (`Q. to Q's th.`):
/// the model's lost digit leaves its ordinal behind (p ≈ 1/20 of such fragments are
/// junk rather than what is left of damage).
pub const STRAY: u32 = 6;
/// Passing over unread text that reads as a damaged legal move where it stands: every
/// move after it changes sides (`2. Kt-KBS Kt-QB3` would give White Black's knight).
/// Junk between moves that also reads as a legal move is as rare as a wrong piece
/// letter (p ≈ 1/400), and the one-glyph damage that reads it (EDIT, DIGIT) must win
/// by more than the near-tie margin.
pub const SKIP_A_MOVE: u32 = 12;
/// Stopping the game at a dead end: the damage is of a kind outside the model, or
/// the book is wrong (books and corpus: about 1 token in 10^5, cost 23, rounded up).
/// A repair path dearer than this is not taken.
pub const STOP: u32 = 24;
/// A ply whose word did not read at all, where the printed numbers say a ply stands (a
/// table that numbers every ply, `6 B-K 2 JM 7 Castles`): any legal move, chosen by the
/// numbers and the moves after it. Dearer than skipping a word that reads as a damaged
/// move, so that any reading of the word is preferred, and cheaper than stopping.
pub const LOST_PLY: u32 = 18;
