//! What the launcher builds its New game, Game ID field, undo, redo,
//! restart, resume and statistics on: [`JewelGame`]'s implementations of
//! game-api's optional [`NewGame`], [`SaveLoad`] and [`Outcomes`].
//!
//! **Game IDs.** A game is dealt from a seed at a difficulty, and its ID
//! says both: `2:1234567` is seed 1234567 at difficulty 2 ([`game_id`],
//! [`parse_game_id`]). The seed gives the board and every refill after
//! it, so the same ID and the same swaps play the same game. A seed alone
//! is read at the difficulty chosen now.
//!
//! ```
//! use jewel::play::Difficulty;
//! use jewel::save::{game_id, parse_game_id};
//! assert_eq!(game_id(Difficulty::Medium, 2024), "2:2024");
//! assert_eq!(parse_game_id(" 2:2024 "), Ok((Some(Difficulty::Medium), 2024)));
//! assert_eq!(parse_game_id("77"), Ok((None, 77)));
//! assert!(parse_game_id("5:1").unwrap_err().contains("0 to 4"));
//! ```
//!
//! **Saved games.** A save is a few lines of text:
//!
//! ```text
//! Jewel save 1
//! game 0:2024
//! phase playing
//! board 3514.../..../...
//! looks 25
//! rng 11400714819323200
//! score 12
//! level 1
//! stage 2
//! life 1046.4
//! end
//! ```
//!
//! `game` is the game ID; `phase` is `ready`, `playing`, `time-up` or
//! `no-moves`; `board` the jewels row by row, two digits each (kind, then
//! decoy), `/` between rows; `looks` the colour of difficulty 2 and the
//! shape of difficulty 1; `rng` the generator's state, so that undoing a
//! swap and making it again brings the same refills; then the score, the
//! level, the stage towards the next level, and the clock *as the last
//! move left it*. The running clock is not saved: the launcher records a
//! move whenever the save changes, and a clock saved on every tick would
//! make every tick a move. So undo, restart and resume give back the time
//! spent since that move; resuming comes back paused. The bubble, the
//! pause and what is moving are not saved either: they are not part of a
//! position.
//!
//! **Outcome.** The game always ends lost (the clock ran out, or no swap
//! can make a line), scored by its points: higher is better, as the
//! launcher's best score counts it.

use std::fmt::Write as _;

use game_api::saved_text::SavedText;
use game_api::{GameError, NewGame, Outcome, Outcomes, Rng, SaveLoad};

use crate::board::{Board, CELLS, Cell, Jewel, KINDS, SIZE};
use crate::game::JewelGame;
use crate::play::{Difficulty, End, NEXT_LEVEL, Phase, Play};

/// The first line of a save, before the format's number.
pub const HEADER: &str = "Jewel save";
/// The format this version writes and reads.
pub const FORMAT: u32 = 1;
/// The game ID the messages show as an example.
pub const EXAMPLE_ID: &str = "0:2024";

/// The ID of the game dealt from `seed` at `difficulty`.
pub fn game_id(difficulty: Difficulty, seed: u64) -> String {
    format!("{}:{seed}", difficulty.number())
}

/// Reads a game ID a player typed or pasted: a difficulty, a colon and a
/// seed, or a seed alone (the difficulty is then `None`: the one chosen
/// now).
///
/// # Errors
///
/// What is wrong, in a player's words.
pub fn parse_game_id(text: &str) -> Result<(Option<Difficulty>, u64), String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(format!(
            "Type or paste a game ID, such as {EXAMPLE_ID}, then press Enter."
        ));
    }
    let seed_of = |s: &str| {
        s.trim().parse::<u64>().map_err(|_| {
            format!(
                "{text:?} is not a game ID of Jewel. A game ID is a difficulty from 0 to 4, a colon and a seed (a whole number from 0 to {}), such as {EXAMPLE_ID}.",
                u64::MAX
            )
        })
    };
    match text.split_once(':') {
        None => Ok((None, seed_of(text)?)),
        Some((difficulty, seed)) => {
            let difficulty = difficulty
                .trim()
                .parse::<u8>()
                .ok()
                .and_then(Difficulty::from_number)
                .ok_or_else(|| {
                    format!(
                        "The difficulty of a game ID is a number from 0 to 4 (before the colon), not {:?}.",
                        difficulty.trim()
                    )
                })?;
            Ok((Some(difficulty), seed_of(seed)?))
        }
    }
}

/// The phase as a save writes it.
fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Ready => "ready",
        Phase::Playing => "playing",
        Phase::Over(End::TimeUp) => "time-up",
        Phase::Over(End::NoMoves) => "no-moves",
    }
}

/// The board as a save writes it: two digits a jewel (kind, decoy), rows
/// from the top with `/` between them.
fn board_text(board: &Board) -> String {
    let mut text = String::with_capacity(CELLS * 2 + SIZE);
    for cell in Cell::all() {
        if cell.col == 0 && cell.row > 0 {
            text.push('/');
        }
        let j = board.get(cell);
        text.push(char::from(b'0' + j.kind));
        text.push(char::from(b'0' + j.decoy));
    }
    text
}

/// Reads [`board_text`] back.
fn parse_board(text: &str) -> Option<Board> {
    let rows: Vec<&[u8]> = text.split('/').map(str::as_bytes).collect();
    if rows.len() != SIZE || rows.iter().any(|r| r.len() != 2 * SIZE) {
        return None;
    }
    let mut jewels = [Jewel::of_kind(0); CELLS];
    for (row, line) in rows.iter().enumerate() {
        for col in 0..SIZE {
            let digit = |b: u8| (b'0'..b'0' + KINDS).contains(&b).then(|| b - b'0');
            jewels[Cell::new(row, col).index()] = Jewel {
                kind: digit(line[2 * col])?,
                decoy: digit(line[2 * col + 1])?,
            };
        }
    }
    Some(Board::from_jewels(jewels))
}

/// The message for a save whose lines are wrong in the way `what` says.
fn damaged(what: &str) -> GameError {
    GameError(game_api::saved_text::damaged("Jewel", what))
}

/// New games from seeds, and game IDs: the difficulty and the seed.
impl NewGame for JewelGame {
    /// Deals the game of `seed` at the difficulty chosen for the next game;
    /// it waits for Space.
    fn new_game(&mut self, seed: u64) {
        self.begin(Play::deal(seed, self.next_difficulty));
    }

    fn game_id(&self) -> String {
        game_id(self.play.difficulty(), self.play.seed())
    }

    fn start_from_game_id(&mut self, id: &str) -> Result<(), GameError> {
        let (difficulty, seed) = parse_game_id(id).map_err(GameError)?;
        if let Some(d) = difficulty {
            self.next_difficulty = d;
        }
        self.begin(Play::deal(seed, self.next_difficulty));
        Ok(())
    }
}

/// The position for the launcher's undo, redo, restart and resume.
impl SaveLoad for JewelGame {
    fn save(&self) -> Vec<u8> {
        let p = &self.play;
        let mut text = String::with_capacity(256);
        // Writing to a String cannot fail.
        let _ = write!(
            text,
            "{HEADER} {FORMAT}\ngame {}\nphase {}\nboard {}\nlooks {}{}\nrng {}\nscore {}\nlevel {}\nstage {}\nlife {}\nend\n",
            game_id(p.difficulty, p.seed),
            phase_name(p.phase),
            board_text(&p.board),
            p.one_color,
            p.one_shape,
            p.rng.state(),
            p.score,
            p.level,
            p.stage,
            p.life_at_move,
        );
        text.into_bytes()
    }

    /// Goes on from the saved position. A game under way comes back paused
    /// unless it was running just before (an undo in play goes on).
    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError> {
        let mut saved = SavedText::read(bytes, "Jewel", HEADER, FORMAT)?;
        let count = |text: &str, what: &str| {
            text.parse::<u32>()
                .map_err(|_| damaged(&format!("its {what} {text:?} is not a count")))
        };
        let id = saved.field("game")?;
        let (difficulty, seed) = match parse_game_id(id) {
            Ok((Some(d), seed)) => (d, seed),
            _ => return Err(damaged(&format!("its game {id:?} is not a game ID"))),
        };
        let phase = match saved.field("phase")? {
            "ready" => Phase::Ready,
            "playing" => Phase::Playing,
            "time-up" => Phase::Over(End::TimeUp),
            "no-moves" => Phase::Over(End::NoMoves),
            other => {
                return Err(damaged(&format!(
                    "its phase {other:?} is not one of Jewel's"
                )));
            }
        };
        let board_field = saved.field("board")?;
        let board = parse_board(board_field)
            .ok_or_else(|| damaged("its board is not 8 rows of 8 jewels"))?;
        let looks = saved.field("looks")?.as_bytes();
        let (one_color, one_shape) = match looks {
            [c, s]
                if c.is_ascii_digit()
                    && s.is_ascii_digit()
                    && c - b'0' < KINDS
                    && s - b'0' < KINDS =>
            {
                (c - b'0', s - b'0')
            }
            _ => return Err(damaged("its looks are not a colour and a shape")),
        };
        let rng = saved
            .field("rng")?
            .parse::<u64>()
            .map_err(|_| damaged("its generator is not a number"))?;
        let score = count(saved.field("score")?, "score")?;
        let level = count(saved.field("level")?, "level")?;
        let stage = count(saved.field("stage")?, "stage")?;
        let life_text = saved.field("life")?;
        let life = life_text
            .parse::<f64>()
            .ok()
            .filter(|l| l.is_finite() && *l >= 0.0)
            .ok_or_else(|| damaged(&format!("its clock {life_text:?} is not a time")))?;
        saved.finish("the clock")?;
        if stage >= NEXT_LEVEL {
            return Err(damaged("its stage is a whole level or more"));
        }
        if board.has_match() {
            return Err(damaged("its board has a line that should have vanished"));
        }
        if matches!(phase, Phase::Ready | Phase::Playing) != board.has_move() {
            return Err(damaged("its board and whether the game is over disagree"));
        }
        let was_running = self.play.is_running();
        let play = Play {
            seed,
            difficulty,
            board,
            rng: Rng::from_state(rng),
            one_color,
            one_shape,
            phase,
            paused: phase == Phase::Playing && !was_running,
            score,
            level,
            stage,
            life,
            life_at_move: life,
        };
        self.begin(play);
        // The Difficulty choice shows the game's, and the next game's is the same.
        self.next_difficulty = difficulty;
        Ok(())
    }
}

/// Over is lost, with the score; there is no winning, only a higher score.
impl Outcomes for JewelGame {
    fn outcome(&self) -> Outcome {
        match self.play.phase() {
            Phase::Over(_) => Outcome::lost().with_score(i64::from(self.play.score())),
            _ => Outcome::PLAYING,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_save_loads_back_into_the_same_position() {
        let mut game = JewelGame::with_seed(2024, Difficulty::High);
        game.start();
        let (a, b) = game.play().board().legal_swaps()[0];
        assert!(game.swap(a, b));
        let bytes = game.save();
        let mut other = JewelGame::with_seed(1, Difficulty::Beginner);
        other.load(&bytes).unwrap();
        assert_eq!(other.save(), bytes);
        let (p, q) = (game.play(), other.play());
        assert_eq!(p.board(), q.board());
        assert_eq!(p.rng(), q.rng());
        assert_eq!(
            (p.score(), p.level(), p.stage()),
            (q.score(), q.level(), q.stage())
        );
        assert_eq!(p.life_at_move(), q.life());
        assert_eq!(other.game_id(), "3:2024");
        // It was not running: it comes back paused.
        assert!(q.is_paused());
    }

    #[test]
    fn the_ticking_clock_does_not_change_the_save() {
        let mut game = JewelGame::with_seed(7, Difficulty::Beginner);
        game.start();
        let bytes = game.save();
        game.tick(0.2);
        game.tick(0.2);
        assert!(game.play().life() < game.play().life_at_move());
        assert_eq!(game.save(), bytes);
    }

    #[test]
    fn every_cut_of_a_save_is_refused() {
        let mut game = JewelGame::with_seed(3, Difficulty::Beginner);
        game.start();
        let bytes = game.save();
        for len in 0..bytes.len() {
            let mut other = JewelGame::with_seed(4, Difficulty::Beginner);
            assert!(other.load(&bytes[..len]).is_err(), "{len}");
            assert_eq!(
                other.play(),
                JewelGame::with_seed(4, Difficulty::Beginner).play()
            );
        }
    }

    #[test]
    fn damaged_saves_say_what_is_wrong() {
        let game = JewelGame::with_seed(3, Difficulty::Beginner);
        let text = String::from_utf8(game.save()).unwrap();
        let board = text.lines().find_map(|l| l.strip_prefix("board ")).unwrap();
        // A line of three put into the board.
        let mut lined = board.as_bytes().to_vec();
        for i in 0..3 {
            lined[2 * i] = b'6';
        }
        let lined = String::from_utf8(lined).unwrap();
        for (from, to, message) in [
            (
                "phase ready",
                "phase sleeping",
                "its phase \"sleeping\" is not one of Jewel's",
            ),
            ("game 0:3", "game 9:3", "its game \"9:3\" is not a game ID"),
            ("stage 0", "stage 10", "its stage is a whole level or more"),
            ("life 1000", "life -5", "its clock \"-5\" is not a time"),
            (
                board,
                &lined,
                "its board has a line that should have vanished",
            ),
            (
                board,
                &board.replace('/', ""),
                "its board is not 8 rows of 8 jewels",
            ),
        ] {
            let bad = text.replace(from, to);
            assert_ne!(bad, text, "{from}");
            let mut other = JewelGame::with_seed(4, Difficulty::Beginner);
            let err = other.load(bad.as_bytes()).unwrap_err();
            assert_eq!(
                err.0,
                format!("This saved game of Jewel is damaged: {message}.")
            );
        }
    }

    #[test]
    fn game_ids_are_refused_in_a_players_words() {
        assert_eq!(
            parse_game_id("").unwrap_err(),
            "Type or paste a game ID, such as 0:2024, then press Enter."
        );
        assert!(
            parse_game_id("x:12")
                .unwrap_err()
                .contains("a number from 0 to 4")
        );
        assert!(
            parse_game_id("1:-3")
                .unwrap_err()
                .starts_with("\"1:-3\" is not a game ID of Jewel")
        );
        assert!(parse_game_id("hello").is_err());
        assert_eq!(
            parse_game_id("4:18446744073709551615"),
            Ok((Some(Difficulty::Extreme), u64::MAX))
        );
        let mut game = JewelGame::with_seed(3, Difficulty::Beginner);
        let before = game.save();
        assert!(game.start_from_game_id("7:1").is_err());
        assert_eq!(game.save(), before);
        game.start_from_game_id("2:99").unwrap();
        assert_eq!(game.game_id(), "2:99");
        assert_eq!(game.play(), &Play::deal(99, Difficulty::Medium));
    }

    #[test]
    fn the_outcome_is_lost_with_the_score_once_over() {
        let mut game = JewelGame::with_seed(5, Difficulty::Beginner);
        assert_eq!(game.outcome(), Outcome::PLAYING);
        game.start();
        assert_eq!(game.outcome(), Outcome::PLAYING);
        let (a, b) = game.play().board().legal_swaps()[0];
        game.swap(a, b);
        let score = game.play().score();
        assert!(score >= 2);
        while game.play().phase() == Phase::Playing {
            game.tick(0.25);
        }
        assert_eq!(game.outcome(), Outcome::lost().with_score(i64::from(score)));
    }
}
