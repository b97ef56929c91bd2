//! What the launcher builds its New game, Game ID field, undo, redo,
//! restart, resume and statistics on: [`PaintByNumbers`]'s
//! implementations of game-api's optional [`NewGame`], [`SaveLoad`] and
//! [`Outcomes`].
//!
//! **Saved games.** A save is a few lines of UTF-8 text:
//!
//! ```text
//! Paint By Numbers save 1
//! id 5x4:5,1.3,1.3,3/3,1.1,4,4,3
//! file cup.non
//! title Cup
//! solution #####/#.###/#.###/.###.
//! marks #####/#x---/#-B--/-----
//! helped 1
//! end
//! ```
//!
//! `id` is the game ID ([`crate::deal`]), `file` the puzzle file it came
//! from (or `-`), `title` its title (or `-`), `solution` the one solution
//! (or `-` when the clues have several), so that loading never has to deal
//! or solve the puzzle again. `marks` is the board, row by row: `-` grey,
//! `#` blue, `x` white, `B` and `X` blue and white cells shown as mistakes.
//! `helped` counts the uses of Show mistakes. The cursor, a stroke being
//! dragged and the sweep over a solved picture are not saved: they are not
//! part of a position.
//!
//! **Outcome.** The puzzle solved is won (with help, if Show mistakes was
//! used); there is no losing and no score: the launcher's statistics keep
//! the time it took.

use std::fmt::Write as _;

use game_api::saved_text::SavedText;
use game_api::{GameError, NewGame, Outcome, Outcomes, SaveLoad};

use crate::board::{Board, Mark};
use crate::deal::{Id, Origin, Puzzle, parse_game_id, parse_id};
use crate::game::PaintByNumbers;
use crate::puzzle::Picture;

/// The first line of a save, before the format's number.
pub const HEADER: &str = "Paint By Numbers save";

/// The format this version writes and reads.
pub const FORMAT: u32 = 1;

const GAME: &str = "Paint By Numbers";

/// The board as a save's `marks` line.
pub fn marks_text(board: &Board) -> String {
    let mut text = String::with_capacity(board.marks().len() + board.height());
    for row in 0..board.height() {
        if row > 0 {
            text.push('/');
        }
        for col in 0..board.width() {
            text.push(match (board.mark(row, col), board.is_wrong(row, col)) {
                (Mark::Unknown, _) => '-',
                (Mark::Blue, false) => '#',
                (Mark::White, false) => 'x',
                (Mark::Blue, true) => 'B',
                (Mark::White, true) => 'X',
            });
        }
    }
    text
}

/// Reads a `marks` line for a board of `width` × `height`.
pub fn parse_marks(text: &str, width: usize, height: usize) -> Result<Board, String> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != height || rows.iter().any(|r| r.chars().count() != width) {
        return Err(format!("its marks are not {width}x{height} cells"));
    }
    let mut marks = Vec::with_capacity(width * height);
    let mut wrong = Vec::with_capacity(width * height);
    for c in rows.iter().flat_map(|r| r.chars()) {
        let (mark, flagged) = match c {
            '-' => (Mark::Unknown, false),
            '#' => (Mark::Blue, false),
            'x' => (Mark::White, false),
            'B' => (Mark::Blue, true),
            'X' => (Mark::White, true),
            other => return Err(format!("its marks have {other:?}")),
        };
        marks.push(mark);
        wrong.push(flagged);
    }
    Ok(Board::from_parts(width, height, marks, wrong).expect("counted above"))
}

fn damaged(what: &str) -> GameError {
    GameError(game_api::saved_text::damaged(GAME, what))
}

/// The puzzle a save describes, made without dealing or solving.
fn saved_puzzle(id: &str, file: &str, title: &str, solution: &str) -> Result<Puzzle, GameError> {
    let id = parse_id(id).map_err(|e| damaged(&format!("its game ID is wrong ({e})")))?;
    let solution = match solution {
        "-" => None,
        rows => Some(
            Picture::parse_rows(rows)
                .map_err(|e| damaged(&format!("its solution is not a picture ({e})")))?,
        ),
    };
    let (clues, origin) = match id {
        Id::Seed {
            width,
            height,
            seed,
        } => {
            let picture = solution
                .as_ref()
                .filter(|p| (p.width(), p.height()) == (width, height))
                .ok_or_else(|| damaged("its dealt puzzle has no solution of its size"))?;
            (picture.clues(), Origin::Dealt { seed })
        }
        Id::Clues(clues) => {
            let origin = match file {
                "-" => Origin::Typed,
                name => Origin::File {
                    name: name.to_owned(),
                },
            };
            (clues, origin)
        }
        Id::Picture(_) => return Err(damaged("its game ID is a picture")),
    };
    if let Some(picture) = &solution
        && !clues.is_solved_by(picture)
    {
        return Err(damaged("its solution does not have the puzzle's clues"));
    }
    Ok(Puzzle {
        clues,
        solution,
        title: (title != "-").then(|| title.to_owned()),
        origin,
    })
}

/// New puzzles from seeds, and game IDs.
impl NewGame for PaintByNumbers {
    /// Deals the puzzle `seed` makes at the chosen size, or plays the
    /// chosen puzzle file (then the next file of the folder).
    fn new_game(&mut self, seed: u64) {
        self.deal(seed);
    }

    fn game_id(&self) -> String {
        self.puzzle.game_id()
    }

    fn start_from_game_id(&mut self, id: &str) -> Result<(), GameError> {
        let puzzle = parse_game_id(id).map_err(GameError)?;
        self.start(puzzle);
        Ok(())
    }
}

/// The position for the launcher's undo, redo, restart and resume.
impl SaveLoad for PaintByNumbers {
    fn save(&self) -> Vec<u8> {
        let p = &self.puzzle;
        let file = match &p.origin {
            Origin::File { name } => name.as_str(),
            _ => "-",
        };
        let one_line = |s: &str| s.replace(['\n', '\r'], " ");
        let mut text = String::with_capacity(256 + 3 * p.clues.width * p.clues.height);
        // Writing to a String cannot fail.
        let _ = write!(
            text,
            "{HEADER} {FORMAT}\nid {}\nfile {}\ntitle {}\nsolution {}\nmarks {}\nhelped {}\nend\n",
            p.game_id(),
            one_line(file),
            p.title.as_deref().map_or("-".into(), one_line),
            p.solution.as_ref().map_or("-".into(), Picture::to_rows),
            marks_text(&self.board),
            self.helped,
        );
        text.into_bytes()
    }

    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError> {
        let mut saved = SavedText::read(bytes, GAME, HEADER, FORMAT)?;
        let id = saved.field("id")?;
        let file = saved.field("file")?;
        let title = saved.field("title")?;
        let solution = saved.field("solution")?;
        let marks = saved.field("marks")?;
        let helped = saved.field("helped")?;
        saved.finish("the help count")?;
        let puzzle = saved_puzzle(id, file, title, solution)?;
        let board =
            parse_marks(marks, puzzle.clues.width, puzzle.clues.height).map_err(|e| damaged(&e))?;
        let helped: u32 = helped
            .parse()
            .map_err(|_| damaged(&format!("its help count {helped:?} is not a count")))?;
        if puzzle != self.puzzle {
            self.start(puzzle);
        }
        self.board = board;
        self.helped = helped;
        self.reset_view();
        Ok(())
    }
}

/// Solved is won, with help when Show mistakes was used; no score.
impl Outcomes for PaintByNumbers {
    fn outcome(&self) -> Outcome {
        if self.is_solved() {
            Outcome::won().with_assistance(self.helped > 0)
        } else {
            Outcome::PLAYING
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::parse_game_id;

    fn solved_cells(game: &PaintByNumbers) -> Vec<(usize, usize)> {
        let s = game.puzzle().solution.clone().unwrap();
        (0..s.height())
            .flat_map(|r| (0..s.width()).map(move |c| (r, c)))
            .filter(|&(r, c)| s.get(r, c))
            .collect()
    }

    #[test]
    fn a_save_loads_back_to_the_same_position() {
        let mut game = PaintByNumbers::with_seed(10, 5);
        game.paint((0, 0), (0, 3), false);
        game.paint((1, 0), (1, 0), true);
        game.show_mistakes();
        let bytes = game.save();
        let mut other = PaintByNumbers::with_seed(5, 9);
        other.load(&bytes).unwrap();
        assert_eq!(other.save(), bytes);
        assert_eq!(other.board(), game.board());
        assert_eq!(other.puzzle(), game.puzzle());
        assert_eq!(other.times_helped(), 1);
    }

    #[test]
    fn file_and_typed_puzzles_survive_a_save() {
        let mut puzzle = parse_game_id("5x4:5,1.3,1.3,3/3,1.1,4,4,3").unwrap();
        puzzle.origin = Origin::File {
            name: "cup.non".into(),
        };
        puzzle.title = Some("Cup".into());
        let game = PaintByNumbers::with_puzzle(puzzle);
        let text = String::from_utf8(game.save()).unwrap();
        assert_eq!(
            text,
            "Paint By Numbers save 1\nid 5x4:5,1.3,1.3,3/3,1.1,4,4,3\nfile cup.non\ntitle Cup\nsolution #####/#.###/#.###/.###.\nmarks -----/-----/-----/-----\nhelped 0\nend\n"
        );
        let mut other = PaintByNumbers::with_seed(10, 1);
        other.load(text.as_bytes()).unwrap();
        assert_eq!(other.puzzle(), game.puzzle());
        let ambiguous = PaintByNumbers::with_puzzle(parse_game_id("2x2:1,1/1,1").unwrap());
        other.load(&ambiguous.save()).unwrap();
        assert_eq!(other.puzzle().solution, None);
    }

    #[test]
    fn damaged_saves_are_refused_and_change_nothing() {
        let mut game = PaintByNumbers::with_seed(5, 3);
        game.paint((2, 2), (2, 2), false);
        let good = String::from_utf8(game.save()).unwrap();
        let mut other = PaintByNumbers::with_seed(5, 4);
        let before = other.save();
        // A puzzle of clues whose saved solution has a cell flipped.
        let cup =
            PaintByNumbers::with_puzzle(parse_game_id("5x4:5,1.3,1.3,3/3,1.1,4,4,3").unwrap());
        let wrong_solution = String::from_utf8(cup.save())
            .unwrap()
            .replace("solution #####", "solution .####");
        for len in 0..good.len() {
            assert!(other.load(&good.as_bytes()[..len]).is_err(), "{len}");
        }
        let cases = [
            (good.replace("helped 0", "helped lots"), "help count"),
            (good.replace("marks ", "marks ?"), "marks"),
            (good.replace("id 5x5", "id 7x5"), "solution of its size"),
            (wrong_solution, "does not have the puzzle's clues"),
            (
                "Other save 1\nend\n".to_string(),
                "not a saved game of Paint By Numbers",
            ),
        ];
        for (text, expected) in cases {
            let e = other.load(text.as_bytes()).expect_err(&text);
            assert!(e.0.contains(expected), "{e}");
            assert_eq!(other.save(), before);
        }
    }

    #[test]
    fn solving_wins_and_show_mistakes_counts_as_help() {
        let mut game = PaintByNumbers::with_seed(5, 11);
        assert_eq!(game.outcome(), Outcome::PLAYING);
        for (r, c) in solved_cells(&game) {
            game.paint((r, c), (r, c), false);
        }
        assert_eq!(game.outcome(), Outcome::won());
        let mut helped = PaintByNumbers::with_seed(5, 11);
        helped.show_mistakes();
        for (r, c) in solved_cells(&helped) {
            helped.paint((r, c), (r, c), false);
        }
        assert_eq!(helped.outcome(), Outcome::won().with_assistance(true));
    }

    #[test]
    fn game_ids_replay_and_bad_ones_keep_the_game() {
        let mut game = PaintByNumbers::with_seed(10, 77);
        assert_eq!(game.game_id(), "10x10:77");
        game.start_from_game_id("15x15:8").unwrap();
        assert_eq!(game.puzzle(), &Puzzle::dealt(15, 15, 8));
        let e = game.start_from_game_id("15x15").unwrap_err();
        assert!(e.0.contains("not a game ID"), "{e}");
        assert_eq!(game.game_id(), "15x15:8");
    }
}
