//! escriba's end-to-end and snapshot tests: one test binary, one link step.
//!
//! - `common`: the shared data folder, SAN of games, books read whole (the random source,
//!   the random legal games and scratch folders are the test kit's, `escriba_testkit`);
//! - `resolve_seeds`: the seed documents' games and fragments replay to the right SAN;
//! - `resolve_fixtures`: the converter fixtures with known answers;
//! - `roundtrip`: random games through every dialect's writer and back;
//! - `corruption`: damaged tokens are flagged, never silently wrong, or (where some still
//!   are) no more often than a ceiling that may only fall;
//! - `qa_cli`: `escriba qa` reports an altered move as one change, until `--accept`;
//! - `nothing_lost`: every game and every move token of the reproducers accounted for;
//! - `accounting`: the same as a property, over 1,000 generated and damaged games;
//! - `lost`: the cases outside book mode: nothing dropped, nothing replayed wrong;
//! - `check_mark`: a reading that contradicts the check mark is never `exact`;
//! - `source_scan`: the workspace's Rust sources read for the two tests below;
//! - `module_graph`: no import circle between the modules or the folders of any crate, and
//!   no crate depends on one later in the flow;
//! - `code_shape`: no file over 1,200 lines, no function over 80 lines outside tests;
//! - `book_random_kit`: random games rendered in the layouts books print, read back whole;
//!   `book_random_breaks` (over diagrams, notes, page breaks), `book_random_notes` (a note's
//!   moves apart from the table), `book_random_orders` (other orders and shapes, damaged
//!   rows), `book_random_headers` (the players), `book_random_odds` (games at odds);
//! - `auto_detect`: `auto`'s cheap confirmation names only the dialect the ranking puts first;
//! - `book_diagrams`: diagrams in every drawing read back as the position at their place;
//!   one read wrong warns and flags no move, one a move off flags the move before it;
//! - `book_generated`: generated books read back whole, family by family;
//! - `source_notation`: `auto` chooses a source's dialect once and confirms it per game;
//! - `dashless`: a dash-less capture whose words run on into the next move is read right or
//!   flagged, never wrong in silence;
//! - `fused_words`: `to` run on into the man or the square beside it (`PtoK4`, `P toK4`)
//!   still reads as printed.
//!
//! The command line, run as a process (`escriba-e2e`, the same `escriba::main`):
//!
//! - `cli_support`: running it, an independent PGN reader, redaction;
//! - `cli_snapshots`: `transcribe` of six corpus files, PGN + CSVs + stderr as snapshots;
//! - `cli_pipe`: 10,000 generated games through stdin/stdout; a closed stdout exits 0;
//! - `cli_exit_codes`: every exit status (0, 1, 1 under `--strict`, 2 usage and I/O);
//! - `cli_partial`: a bad move half-way is kept apart and located by line and column;
//! - `cli_compare`: `compare --json` reports exactly the plies altered on purpose;
//! - `cli_help`: every subcommand's `--help` names every option; shell completions;
//! - `cli_edges`: closed streams, encodings, signals, clashing outputs, unusable inputs;
//! - `input_kinds`: gzip files, UTF-16 without a byte-order mark, FIFOs in input folders;
//! - `ocr_files`: ALTO, hOCR and PAGE XML read by their words' boxes; each ply's page and box;
//! - `page_images`: page images (TIFF, PDF) read by Tesseract; a missing tool names its package;
//! - `scan_harness`: generated books printed, scanned by Tesseract and read from hOCR and ALTO
//!   with no wrong ply unflagged;
//! - `research_outputs`: `--sqlite` and `--parquet` hold the CSV files' rows (corpus, books);
//! - `review_page`: the review page (also in headless Chromium) and the corrections loop;
//! - `terminal_escapes`: a book's control characters reach the terminal escaped;
//! - `review_sources`: the review page quotes only the sources the run read, whatever a
//!   JSONL names;
//! - `unclosed_comments`: the segmenter and the decoder read `{` comments alike, and one
//!   left open does not swallow the games after it.

mod accounting;
mod auto_detect;
mod book_diagrams;
mod book_generated;
mod book_layouts;
mod book_random_breaks;
mod book_random_headers;
mod book_random_kit;
mod book_random_notes;
mod book_random_odds;
mod book_random_orders;
mod book_shared;
mod browser;
mod check_mark;
mod cli_compare;
mod cli_edges;
mod cli_exit_codes;
mod cli_help;
mod cli_partial;
mod cli_pipe;
mod cli_snapshots;
mod cli_support;
mod code_shape;
mod common;
mod corruption;
mod dashless;
mod fused_words;
mod input_kinds;
mod library_outputs;
mod lost;
mod module_graph;
mod moves_anywhere;
mod nothing_lost;
mod ocr_files;
mod page_images;
mod print_forms;
mod printed_numbers;
mod qa_cli;
mod research_outputs;
mod resolve_fixtures;
mod resolve_seeds;
mod review_page;
mod review_sources;
mod roundtrip;
mod scan_harness;
mod source_notation;
mod source_scan;
mod terminal_escapes;
mod unclosed_comments;
