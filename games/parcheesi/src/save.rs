//! What the launcher builds its New game, Game ID field, undo, redo,
//! restart, resume and statistics on.
//!
//! **Game IDs.** `<seed>:<seats>`, the seats as four letters in the order
//! green, red, blue, yellow: `p` a person, `n` Reckless Renee, `l` Polite
//! Polly, `a` Amazing Grace (`12345:pnla`). A bare seed keeps the seats
//! chosen now. The same ID deals the same dice.
//!
//! **Saved games** are the game's record, a few lines of text:
//!
//! ```text
//! parcheesi 1
//! seed 12345
//! seats pnla
//! moves g1e g1:3 r1e ...
//! end
//! ```
//!
//! Loading replays the moves from the seed, checking each. The moves are
//! kept up to the last time a person was to move: the computers' moves
//! after it are played again (the same ones) after a load, so an undo goes
//! back to a person's choice.
//!
//! **Outcome.** With one person playing: won when that person's colour
//! finishes first, lost when another does. With several people, won when
//! one of them finishes first. With no person, the game is only watched
//! and counts for nothing.

use game_api::{GameError, NewGame, Outcome, Outcomes, SaveLoad};

use crate::game::Parcheesi;
use crate::play::{self, Match};
use crate::players::Seat;

/// The first word of a save.
pub const HEADER: &str = "parcheesi";
/// The format this version writes and reads.
pub const FORMAT: u32 = 1;

/// The seats as record letters (`pnla`).
pub fn seats_text(seats: [Seat; 4]) -> String {
    seats.iter().map(|s| s.letter()).collect()
}

/// Reads four seat letters.
pub fn parse_seats(text: &str) -> Option<[Seat; 4]> {
    let v: Vec<Seat> = text.chars().map(Seat::from_letter).collect::<Option<_>>()?;
    v.try_into().ok()
}

/// The game ID of a game: `<seed>:<seats>`.
pub fn game_id(m: &Match) -> String {
    format!("{}:{}", m.seed(), seats_text(m.seats()))
}

/// Reads a game ID: a seed, and optionally `:` and four seat letters.
pub fn parse_game_id(id: &str) -> Result<(u64, Option<[Seat; 4]>), GameError> {
    let id = id.trim();
    let (seed, seats) = match id.split_once(':') {
        Some((s, t)) => (s, Some(t)),
        None => (id, None),
    };
    let seed = seed.trim().parse().map_err(|_| {
        GameError(format!(
            "a game ID is a number (the seed), optionally followed by : and four seat letters \
             (p person, n Renee, l Polly, a Grace), like 12345:pnla; {id:?} is not one"
        ))
    })?;
    let seats = match seats {
        None => None,
        Some(t) => Some(parse_seats(t.trim()).ok_or_else(|| {
            GameError(format!(
                "the seats of a game ID are four letters, p (person), n (Reckless Renee), \
                 l (Polite Polly) or a (Amazing Grace), like pnla; not {t:?}"
            ))
        })?),
    };
    Ok((seed, seats))
}

/// Writes the record of `m`, its first `len` moves.
pub fn save_text(m: &Match, len: usize) -> String {
    let moves: Vec<String> = m.record()[..len.min(m.record().len())]
        .iter()
        .map(|&mv| play::move_text(mv))
        .collect();
    format!(
        "{HEADER} {FORMAT}\nseed {}\nseats {}\nmoves {}\nend\n",
        m.seed(),
        seats_text(m.seats()),
        moves.join(" ")
    )
}

/// Reads a save, replaying it.
pub fn load_text(bytes: &[u8]) -> Result<Match, GameError> {
    let text = std::str::from_utf8(bytes)
        .map_err(|_| GameError("this is not a saved game of Parcheesi".into()))?;
    let lines: Vec<&str> = text.lines().collect();
    let not_ours = || GameError("this is not a saved game of Parcheesi".into());
    let head = lines.first().ok_or_else(not_ours)?;
    let format = head
        .strip_prefix(HEADER)
        .map(str::trim)
        .ok_or_else(not_ours)?;
    if format != FORMAT.to_string() {
        return Err(GameError(format!(
            "this game was saved in format {format}, and this version reads format {FORMAT}"
        )));
    }
    if lines.len() != 5 || lines[4] != "end" {
        return Err(GameError("the saved game is cut short or damaged".into()));
    }
    let field = |i: usize, name: &str| {
        lines[i]
            .strip_prefix(name)
            .and_then(|r| {
                r.strip_prefix(' ')
                    .or(if r.is_empty() { Some("") } else { None })
            })
            .ok_or_else(|| GameError(format!("the saved game has no {name} line")))
    };
    let seed: u64 = field(1, "seed")?
        .parse()
        .map_err(|_| GameError("the saved game's seed is not a number".into()))?;
    let seats = parse_seats(field(2, "seats")?)
        .ok_or_else(|| GameError("the saved game's seats are damaged".into()))?;
    play::replay_text(seed, seats, field(3, "moves")?)
        .map_err(|e| GameError(format!("the saved game does not replay: {e}")))
}

impl SaveLoad for Parcheesi {
    fn save(&self) -> Vec<u8> {
        save_text(self.game(), self.saved_len()).into_bytes()
    }

    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError> {
        let m = load_text(bytes)?;
        self.set_match(m);
        Ok(())
    }
}

impl NewGame for Parcheesi {
    fn new_game(&mut self, seed: u64) {
        let seats = self.game().seats();
        self.set_match(Match::new(seed, seats));
    }

    fn game_id(&self) -> String {
        game_id(self.game())
    }

    fn start_from_game_id(&mut self, id: &str) -> Result<(), GameError> {
        let (seed, seats) = parse_game_id(id)?;
        let seats = seats.unwrap_or(self.game().seats());
        self.set_match(Match::new(seed, seats));
        Ok(())
    }
}

/// The outcome of `m` for the statistics.
pub fn outcome_of(m: &Match) -> Outcome {
    let Some(w) = m.winner() else {
        return Outcome::PLAYING;
    };
    let people: Vec<usize> = (0..4).filter(|&i| !m.seats()[i].is_computer()).collect();
    if people.is_empty() {
        Outcome::PLAYING
    } else if people.contains(&w.index()) {
        Outcome::won()
    } else {
        Outcome::lost()
    }
}

impl Outcomes for Parcheesi {
    fn outcome(&self) -> Outcome {
        outcome_of(self.game())
    }
}
