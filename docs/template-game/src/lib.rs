//! # Dot Catcher — the template game for the PLT Games launcher
//!
//! A complete game in one file: a red dot sits on the board; click it to
//! catch it, and it glides somewhere else. Ten catches finish a round. It
//! shows everything a game can use:
//!
//! * drawing through a [`Painter`] in the game's own canvas coordinates
//!   ([`Game::draw`]);
//! * pointer and key [`Event`]s, with the modifier keys held
//!   ([`Game::handle_event`]);
//! * a status line under the canvas ([`Game::status`]);
//! * a tool-bar control of its own, a choice ([`Game::actions`],
//!   [`Game::invoke_action`]);
//! * services of the launcher: `h` opens the game's `doc.txt`
//!   ([`Host::show_text_help`]), `n` asks for a new round
//!   ([`Host::request_new_game`]), and ticks move the dot while it glides
//!   ([`Host::request_ticks`], [`Event::Tick`]);
//! * the optional functions the launcher builds on: new rounds from seeds
//!   and game IDs ([`NewGame`]: the New game button and the Game ID field),
//!   saving ([`SaveLoad`]: undo, redo, restart and resume) and outcomes
//!   ([`Outcomes`]: the player's statistics);
//! * the player's choice kept for next time in `settings.txt`
//!   ([`SettingsFile`]: the dot size);
//! * errors for the player ([`GameError`]);
//! * tests that run the game without the launcher, through the same C ABI
//!   table the launcher uses (at the end of this file).
//!
//! The last line before the tests, [`game_api::export_game!`], turns the
//! crate into a game library the launcher can load. See
//! `docs/writing-a-game.md`.

use game_api::settings::SettingsFile;
use game_api::{
    Action, Anchor, Button, Event, Game, GameError, Host, InputKinds, NewGame, Outcome, Outcomes,
    Painter, Picture, Point, Response, Rgba, Rng, SaveLoad, Stroke, Style,
};
use std::time::Duration;

/// The canvas width, in canvas pixels. The launcher scales the canvas to the
/// window and maps pointer positions back, so the game never sees the screen.
pub const WIDTH: f32 = 480.0;
/// The canvas height, in canvas pixels.
pub const HEIGHT: f32 = 320.0;
/// The height of the band at the top of the canvas that holds the score.
pub const TOP_BAND: f32 = 36.0;
/// Catches that finish a round.
pub const DOTS_PER_ROUND: u32 = 10;
/// The dot sizes the "Dot size" choice offers: label and radius.
pub const SIZES: [(&str, f32); 3] = [("Small", 12.0), ("Medium", 20.0), ("Large", 32.0)];
/// The size a game starts with (an index into [`SIZES`]).
pub const DEFAULT_SIZE: usize = 1;
/// How long the dot takes to glide to its new place after a catch.
pub const GLIDE_SECONDS: f32 = 0.25;
/// How often the dot moves while it glides: about once a frame.
pub const TICK: Duration = Duration::from_millis(16);

/// The background of the canvas.
pub const BACKGROUND: Rgba = Rgba::rgb(245, 242, 232);
/// The dot.
pub const DOT: Rgba = Rgba::rgb(214, 48, 49);
/// The dot while the pointer is over it.
pub const DOT_HOVER: Rgba = Rgba::rgb(255, 118, 117);
/// The panel of the end of a round.
pub const PANEL: Rgba = Rgba::rgb(255, 255, 255);
/// Text and outlines.
pub const INK: Rgba = Rgba::rgb(45, 52, 54);

/// The state of one game of Dot Catcher.
#[derive(Debug)]
pub struct DotCatcher {
    /// The launcher's services (help, log, ticks, new games). Copy it out
    /// of `Game::new`; it stays valid as long as the game runs.
    host: Host,
    seed: u64,
    rng: Rng,
    /// The player's setting, not part of a round: it is not saved, but
    /// kept in `settings.txt` for the next time the game opens.
    size: usize,
    /// `settings.txt` as it was read, with what the player changed since.
    settings: SettingsFile,
    dot: Point,
    caught: u32,
    missed: u32,
    /// Whether the pointer is over the dot (it is drawn lighter then).
    hover: bool,
    /// The dot on its way to `dot` after a catch, while it glides.
    glide: Option<Glide>,
}

/// The dot gliding from where it was caught to its new place.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Glide {
    from: Point,
    elapsed: f32,
}

impl DotCatcher {
    /// A round with dot positions drawn from `seed`. Tests pass
    /// [`Host::detached`], whose services do nothing.
    pub fn with_seed(host: Host, seed: u64) -> DotCatcher {
        // The dot size chosen last time; none, or one this version does
        // not offer: the default.
        let settings = SettingsFile::load_from(&host);
        let size = settings
            .get("dot-size")
            .and_then(|kept| SIZES.iter().position(|(label, _)| *label == kept))
            .unwrap_or(DEFAULT_SIZE);
        let mut game = DotCatcher {
            host,
            seed,
            rng: Rng::new(seed),
            size,
            settings,
            dot: Point::new(WIDTH / 2.0, HEIGHT / 2.0),
            caught: 0,
            missed: 0,
            hover: false,
            glide: None,
        };
        game.new_round(seed);
        game
    }

    /// Starts a new round from `seed`, keeping the dot size.
    pub fn new_round(&mut self, seed: u64) {
        self.seed = seed;
        self.rng = Rng::new(seed);
        self.caught = 0;
        self.missed = 0;
        self.hover = false;
        self.land();
        self.place_dot();
    }

    /// Moves the dot to a random place where it fits whole below the score,
    /// whatever its size: the places depend on the seed alone.
    fn place_dot(&mut self) {
        let margin = SIZES[SIZES.len() - 1].1 + 4.0;
        self.dot = Point::new(
            self.rng.between(margin, WIDTH - margin),
            self.rng.between(TOP_BAND + margin, HEIGHT - margin),
        );
    }

    /// The dot's centre (where it glides to, while it glides).
    pub fn dot(&self) -> Point {
        self.dot
    }

    /// Where the dot is drawn: on its way from where it was caught while
    /// it glides, easing out.
    pub fn drawn_dot(&self) -> Point {
        match self.glide {
            Some(Glide { from, elapsed }) => {
                let t = (elapsed / GLIDE_SECONDS).min(1.0);
                let t = t * (2.0 - t);
                let (dx, dy) = (self.dot.x - from.x, self.dot.y - from.y);
                Point::new(from.x + t * dx, from.y + t * dy)
            }
            None => self.dot,
        }
    }

    /// The dot's radius.
    pub fn radius(&self) -> f32 {
        SIZES[self.size].1
    }

    /// One size bigger for the wheel turned up (`dy > 0`), one smaller for
    /// down; whether the size changed.
    pub fn resize_by_wheel(&mut self, dy: f32) -> bool {
        let before = self.size;
        if dy > 0.0 {
            self.size = (self.size + 1).min(SIZES.len() - 1);
        } else if dy < 0.0 {
            self.size = self.size.saturating_sub(1);
        }
        if self.size == before {
            return false;
        }
        self.keep_size();
        true
    }

    /// Keeps the dot size in `settings.txt`, in the game's data directory,
    /// for the next time the game opens; a failure goes to the launcher's
    /// log, and the game goes on.
    fn keep_size(&mut self) {
        self.settings.set("dot-size", SIZES[self.size].0);
        self.settings.keep(&self.host);
    }

    /// The seed of this round: its game ID.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Catches so far this round.
    pub fn caught(&self) -> u32 {
        self.caught
    }

    /// Misses so far this round.
    pub fn missed(&self) -> u32 {
        self.missed
    }

    /// Whether the round is over (every dot caught).
    pub fn is_over(&self) -> bool {
        self.caught >= DOTS_PER_ROUND
    }

    /// Whether the dot is gliding to its new place.
    pub fn is_gliding(&self) -> bool {
        self.glide.is_some()
    }

    /// Whether the canvas point `pos` is on the dot.
    pub fn hits(&self, pos: Point) -> bool {
        let (dx, dy) = (pos.x - self.dot.x, pos.y - self.dot.y);
        dx * dx + dy * dy <= self.radius() * self.radius()
    }

    /// A click at `pos`: a catch or a miss. Returns whether anything changed
    /// (nothing does once the round is over).
    pub fn click(&mut self, pos: Point) -> bool {
        if self.is_over() {
            return false;
        }
        if self.hits(pos) {
            self.caught += 1;
            if !self.is_over() {
                let from = self.dot;
                self.place_dot();
                self.glide = Some(Glide { from, elapsed: 0.0 });
                // Ticks only while something moves: a game that does not
                // ask for them costs no CPU between events.
                self.host.request_ticks(TICK);
            }
            self.hover = false;
        } else {
            self.missed += 1;
        }
        true
    }

    /// Time passed while the dot glides: moves it on by `dt` seconds, and
    /// stops the ticks once it is there. Returns whether it moved.
    fn glide_on(&mut self, dt: f32) -> bool {
        let Some(glide) = &mut self.glide else {
            return false;
        };
        glide.elapsed += dt;
        if glide.elapsed >= GLIDE_SECONDS {
            self.land();
        }
        true
    }

    /// Puts a gliding dot at its place at once, and stops the ticks.
    fn land(&mut self) {
        if self.glide.take().is_some() {
            self.host.stop_ticks();
        }
    }

    /// Updates the hover state for a pointer at `pos` (`None`: it left the
    /// canvas). Returns whether the picture changes.
    fn hover_at(&mut self, pos: Option<Point>) -> bool {
        let hover = pos.is_some_and(|p| !self.is_over() && self.hits(p));
        let changed = hover != self.hover;
        self.hover = hover;
        changed
    }
}

impl Game for DotCatcher {
    /// Called when the player opens the game. An `Err` is shown in the
    /// console instead of a window.
    fn new(host: Host) -> Result<Self, GameError> {
        host.log("Dot Catcher started");
        // The wheel is sent only to games that ask (ABI revision 3).
        host.request_input(InputKinds {
            scroll: true,
            double_click: false,
        });
        // Any seed will do: the launcher starts the first round from a
        // seed of its own with `new_game`, as it starts every later one.
        Ok(DotCatcher::with_seed(host, 0))
    }

    fn canvas_size(&self) -> Point {
        Point::new(WIDTH, HEIGHT)
    }

    fn title(&self) -> String {
        "Dot Catcher".into()
    }

    fn status(&self) -> String {
        if self.is_over() {
            format!(
                "All {DOTS_PER_ROUND} dots caught with {} misses! Press N or click New game.",
                self.missed
            )
        } else {
            format!(
                "Caught {} of {DOTS_PER_ROUND}, missed {}",
                self.caught, self.missed
            )
        }
    }

    /// Draws the whole canvas, every time: the launcher keeps the shapes and
    /// asks again only after a [`Response::REDRAW`].
    fn draw(&self, painter: &mut dyn Painter) {
        // Background and a frame; origin top-left, y pointing down.
        painter.rect(
            Point::new(0.0, 0.0),
            Point::new(WIDTH, HEIGHT),
            Style::solid(BACKGROUND),
        );
        painter.line(
            Point::new(0.0, TOP_BAND),
            Point::new(WIDTH, TOP_BAND),
            Stroke {
                width: 1.0,
                color: INK,
            },
        );
        // One small circle per dot of the round, filled once caught.
        for i in 0..DOTS_PER_ROUND {
            let center = Point::new(16.0 + 20.0 * i as f32, TOP_BAND / 2.0);
            let style = if i < self.caught {
                Style::solid(DOT)
            } else {
                Style::outline(INK)
            };
            painter.circle(center, 6.0, style);
        }
        // Right-aligned: its top-right corner is 12 pixels from the edge,
        // however many digits it has (nine anchors: corners, edges, centre).
        painter.text(
            Point::new(WIDTH - 12.0, 10.0),
            Anchor::TopRight,
            14.0,
            INK,
            &format!("Misses: {}", self.missed),
        );

        if self.is_over() {
            // A rounded panel that fits its text: measure before drawing.
            let centre = Point::new(WIDTH / 2.0, (HEIGHT + TOP_BAND) / 2.0);
            let text = painter.text_size(32.0, "Well caught!");
            let panel = Point::new(text.x + 40.0, text.y + 64.0);
            painter.rounded_rect(
                Point::new(centre.x - panel.x / 2.0, centre.y - panel.y / 2.0),
                panel,
                12.0,
                Style::solid(PANEL),
            );
            // The game's icon, a PNG of its own folder, above the text.
            painter.picture(
                Picture::File("dot-catcher.png"),
                Point::new(centre.x - 16.0, centre.y - panel.y / 2.0 + 6.0),
                Point::new(32.0, 32.0),
            );
            painter.text(
                Point::new(centre.x, centre.y + panel.y / 2.0 - 8.0),
                Anchor::Bottom,
                32.0,
                INK,
                "Well caught!",
            );
            return;
        }
        let fill = if self.hover { DOT_HOVER } else { DOT };
        painter.circle(
            self.drawn_dot(),
            self.radius(),
            Style {
                fill: Some(fill),
                stroke: Some(Stroke {
                    width: 2.0,
                    color: INK,
                }),
            },
        );
    }

    /// Pointer positions arrive in canvas pixels. Return
    /// [`Response::REDRAW`] whenever the picture, the status line or the
    /// actions changed.
    fn handle_event(&mut self, event: &Event) -> Response {
        let changed = match event {
            Event::PointerEnter { pos } | Event::PointerMove { pos } => self.hover_at(Some(*pos)),
            Event::PointerLeave => self.hover_at(None),
            // A click is a press and a release; act on the release, as
            // buttons do, and only for the primary button.
            Event::PointerRelease {
                pos,
                button: Button::Primary,
                ..
            } => {
                let changed = self.click(*pos);
                self.hover_at(Some(*pos));
                changed
            }
            // Asked for with `request_ticks` in `click`.
            Event::Tick { dt } => self.glide_on(*dt),
            // Asked for with `request_input` in `new`: the wheel turned up
            // makes the dot bigger, down smaller.
            Event::Scroll { delta, .. } => self.resize_by_wheel(delta.y),
            // Key names are `game_api::keys`: letters in lower case, other
            // keys by name ("Enter", "Space", "ArrowLeft"); Shift and the
            // other modifiers come in `modifiers`.
            Event::KeyPress { key, modifiers } => match key.as_str() {
                "n" if self.host.has_revision_2() => {
                    // The launcher starts it, as its New game button does:
                    // a fresh seed, and one step to undo.
                    self.host.request_new_game();
                    false
                }
                "n" => {
                    // A launcher of revision 1 deals no rounds: the next
                    // seed, from this one.
                    self.new_round(Rng::new(self.seed).next_u64() % 1_000_000);
                    true
                }
                "h" => {
                    // A launcher service: it shows this game's doc.txt,
                    // formatted, or with Shift as it is written.
                    self.host
                        .show_text_help("Dot Catcher Help", modifiers.shift);
                    false
                }
                _ => false,
            },
            _ => false,
        };
        if changed {
            Response::REDRAW
        } else {
            Response::NONE
        }
    }

    /// The controls in the game window's tool bar, beside the launcher's
    /// own (New game, Game ID, Undo, ...). Asked for again after every
    /// [`Response::REDRAW`], so they can change with the game.
    fn actions(&self) -> Vec<Action> {
        // S picks the next size (the choice's tooltip says so).
        let labels = SIZES.iter().map(|(label, _)| *label);
        vec![Action::choice("size", "Dot size", labels, SIZES[self.size].0).with_shortcut("s")]
    }

    /// `value` is empty for a button, the chosen option for a choice and the
    /// edited text for a text field. An `Err` is shown to the player; the
    /// game goes on.
    fn invoke_action(&mut self, id: &str, value: &str) -> Result<Response, GameError> {
        match id {
            "size" => {
                self.size = SIZES
                    .iter()
                    .position(|(label, _)| *label == value)
                    .ok_or_else(|| GameError(format!("there is no dot size {value:?}")))?;
                self.keep_size();
            }
            other => return Err(GameError(format!("unknown action {other:?}"))),
        }
        Ok(Response::REDRAW)
    }
}

/// New rounds from seeds: the launcher calls `new_game` with a fresh seed
/// for the first round and for its New game button, and its Game ID field
/// shows `game_id` and starts the ID the player types.
impl NewGame for DotCatcher {
    fn new_game(&mut self, seed: u64) {
        // Short enough to read and type into the Game ID field.
        self.new_round(seed % 1_000_000);
    }

    /// The seed: it puts the dots in the same places again.
    fn game_id(&self) -> String {
        self.seed.to_string()
    }

    fn start_from_game_id(&mut self, id: &str) -> Result<(), GameError> {
        let seed = id.trim().parse().map_err(|_| {
            GameError(format!(
                "a game ID is a whole number from 0 to {}, not {id:?}",
                u64::MAX
            ))
        })?;
        self.new_round(seed);
        Ok(())
    }
}

/// The round as bytes: the launcher saves it after every change it is told
/// of and gives undo, redo, restart and resume.
impl SaveLoad for DotCatcher {
    /// What makes a position: the seed (the game ID), the generator, the
    /// dot and the counts. Not the dot size, the player's setting, nor the
    /// hover and the glide, which are only how it looks: a pointer move
    /// or a tick changes no byte, so the launcher records no move for it.
    fn save(&self) -> Vec<u8> {
        let (seed, rng, caught, missed) = (self.seed, self.rng.state(), self.caught, self.missed);
        let Point { x, y } = self.dot;
        format!("dot-catcher 1 {seed} {rng} {caught} {missed} {x} {y} end").into_bytes()
    }

    /// Refuses what it cannot read, keeping the round as it was: bytes of
    /// another game, of a newer format, cut short or damaged.
    fn load(&mut self, bytes: &[u8]) -> Result<(), GameError> {
        let text = std::str::from_utf8(bytes).unwrap_or_default();
        let fields: Vec<&str> = text.split(' ').collect();
        let ["dot-catcher", "1", seed, rng, caught, missed, x, y, "end"] = fields[..] else {
            return Err(GameError("this is not a saved round of Dot Catcher".into()));
        };
        let (seed, rng, caught, missed) = (
            number(seed)?,
            number(rng)?,
            number(caught)?,
            number(missed)?,
        );
        let dot = Point::new(number(x)?, number(y)?);
        let on_board = (0.0..=WIDTH).contains(&dot.x) && (TOP_BAND..=HEIGHT).contains(&dot.y);
        if caught > DOTS_PER_ROUND || !on_board {
            return Err(GameError(
                "this saved round of Dot Catcher is damaged".into(),
            ));
        }
        // All read: only now change the round.
        (self.seed, self.rng, self.dot) = (seed, Rng::from_state(rng), dot);
        (self.caught, self.missed) = (caught, missed);
        self.land();
        Ok(())
    }
}

/// A number of a saved round.
fn number<T: std::str::FromStr>(text: &str) -> Result<T, GameError> {
    text.parse().map_err(|_| {
        GameError(format!(
            "this saved round of Dot Catcher is damaged: {text:?}"
        ))
    })
}

/// How the round stands, for the launcher's statistics.
impl Outcomes for DotCatcher {
    /// Won once every dot is caught, scored by the share of clicks that
    /// caught one, in percent (higher is better). A round is never lost.
    fn outcome(&self) -> Outcome {
        if self.is_over() {
            let accuracy = 100 * self.caught / (self.caught + self.missed);
            Outcome::won().with_score(accuracy.into())
        } else {
            Outcome::PLAYING
        }
    }
}

// The one line that makes this crate a game library: it exports the
// `game_api_entry` function the launcher looks up, returning a `#[repr(C)]`
// table of `extern "C"` functions that call the `Game` methods above and
// catch their panics. After the type come the optional functions the game
// offers. It also defines `GAME_TABLE`, which the tests use.
game_api::export_game!(DotCatcher, save, new_game, outcome);

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::host::{GameInstance, GameLibrary, Recorder};
    use game_api::{GameResult, Modifiers, RecordingPainter, Shape};

    /// The rules every game keeps, in one call: this folder's info.toml,
    /// icon and doc.txt as the launcher reads them, and the game through
    /// its C ABI table (every read, a seeded fuzz of events, save and load,
    /// the game ID, the key convention). A broken rule is named in words.
    #[test]
    fn the_game_conforms() {
        game_test::assert_conforms(env!("CARGO_MANIFEST_DIR"), &GAME_TABLE);
    }

    fn game() -> DotCatcher {
        DotCatcher::with_seed(Host::detached(), 42)
    }

    fn release(pos: Point) -> Event {
        Event::PointerRelease {
            pos,
            button: Button::Primary,
            modifiers: game_api::Modifiers::NONE,
        }
    }

    /// A point on the canvas that is surely not on the dot.
    fn away_from(dot: Point) -> Point {
        let x = if dot.x < WIDTH / 2.0 {
            WIDTH - 2.0
        } else {
            2.0
        };
        Point::new(x, HEIGHT - 2.0)
    }

    #[test]
    fn the_same_seed_puts_the_dots_in_the_same_places() {
        let mut a = game();
        let mut b = game();
        for _ in 0..5 {
            assert_eq!(a.dot(), b.dot());
            a.click(a.dot());
            b.click(b.dot());
        }
        assert_ne!(
            game().dot(),
            DotCatcher::with_seed(Host::detached(), 43).dot()
        );
    }

    #[test]
    fn the_dot_is_always_whole_and_below_the_score() {
        for seed in 0..200 {
            for size in 0..SIZES.len() {
                let mut g = game();
                g.size = size;
                g.new_round(seed);
                let (d, r) = (g.dot(), g.radius());
                assert!(d.x - r >= 0.0 && d.x + r <= WIDTH, "{d:?}");
                assert!(d.y - r >= TOP_BAND && d.y + r <= HEIGHT, "{d:?}");
            }
        }
    }

    #[test]
    fn a_click_on_the_dot_catches_it_and_moves_it() {
        let mut g = game();
        let first = g.dot();
        assert_eq!(g.handle_event(&release(first)), Response::REDRAW);
        assert_eq!((g.caught(), g.missed()), (1, 0));
        assert_ne!(g.dot(), first);
        assert!(g.status().starts_with("Caught 1 of 10, missed 0"));
    }

    #[test]
    fn a_click_beside_the_dot_is_a_miss() {
        let mut g = game();
        let dot = g.dot();
        g.handle_event(&release(away_from(dot)));
        assert_eq!((g.caught(), g.missed()), (0, 1));
        assert_eq!(g.dot(), dot);
        // The secondary button does nothing.
        let other = Event::PointerRelease {
            pos: dot,
            button: Button::Secondary,
            modifiers: game_api::Modifiers::NONE,
        };
        assert_eq!(g.handle_event(&other), Response::NONE);
        assert_eq!(g.caught(), 0);
    }

    #[test]
    fn ten_catches_finish_the_round_and_n_starts_another() {
        let mut g = game();
        for _ in 0..DOTS_PER_ROUND {
            g.handle_event(&release(g.dot()));
        }
        assert!(g.is_over());
        assert!(g.status().starts_with("All 10 dots caught with 0 misses!"));
        // Clicks do nothing now.
        assert_eq!(g.handle_event(&release(g.dot())), Response::NONE);
        let n = Event::key("n");
        assert_eq!(g.handle_event(&n), Response::REDRAW);
        assert!(!g.is_over());
        assert_eq!(g.caught(), 0);
    }

    /// The end of a round: the icon and the text on a panel that fits the
    /// text as the painter measures it (a `RecordingPainter` estimates).
    #[test]
    fn the_end_of_a_round_shows_a_panel_that_fits_its_text() {
        let mut g = game();
        for _ in 0..DOTS_PER_ROUND {
            g.handle_event(&release(g.dot()));
        }
        let mut painter = RecordingPainter::new();
        g.draw(&mut painter);
        let text = game_api::estimate_text_size(32.0, "Well caught!");
        let panel = painter.shapes.iter().find_map(|s| match s {
            Shape::RoundedRect { size, .. } => Some(*size),
            _ => None,
        });
        assert_eq!(panel, Some(Point::new(text.x + 40.0, text.y + 64.0)));
        assert!(painter.shapes.iter().any(|s| matches!(
            s,
            Shape::Picture { source: game_api::PictureSource::File(f), .. } if f == "dot-catcher.png"
        )));
    }

    #[test]
    fn hovering_the_dot_lights_it_up() {
        let mut g = game();
        let mut painter = RecordingPainter::new();
        g.draw(&mut painter);
        let dot = g.dot();
        let fill_of_dot = |shapes: &[Shape]| {
            shapes.iter().rev().find_map(|s| match s {
                Shape::Circle { center, style, .. } if *center == dot => style.fill,
                _ => None,
            })
        };
        assert_eq!(fill_of_dot(&painter.shapes), Some(DOT));
        let over = Event::PointerMove { pos: g.dot() };
        assert_eq!(g.handle_event(&over), Response::REDRAW);
        // Moving within the dot changes nothing more.
        assert_eq!(g.handle_event(&over), Response::NONE);
        let mut painter = RecordingPainter::new();
        g.draw(&mut painter);
        assert_eq!(fill_of_dot(&painter.shapes), Some(DOT_HOVER));
        assert_eq!(g.handle_event(&Event::PointerLeave), Response::REDRAW);
    }

    #[test]
    fn the_game_id_replays_a_round_and_refuses_words() {
        let mut g = game();
        let first = g.dot();
        g.click(first);
        assert_eq!(g.game_id(), "42");
        assert_eq!(g.start_from_game_id(" 42 "), Ok(()));
        assert_eq!((g.dot(), g.caught()), (first, 0));
        let err = g.start_from_game_id("forty-two").unwrap_err();
        assert!(err.0.contains("whole number"), "{err}");
        // The launcher's New game brings a seed, which is the next game ID.
        g.new_game(7);
        assert_eq!(g.game_id(), "7");
        assert_eq!(g.dot(), DotCatcher::with_seed(Host::detached(), 7).dot());
    }

    #[test]
    fn the_size_choice_changes_the_dot_and_the_round_goes_on() {
        let mut g = game();
        g.click(g.dot());
        let dot = g.dot();
        g.invoke_action("size", "Large").unwrap();
        assert_eq!(g.radius(), 32.0);
        assert_eq!((g.dot(), g.caught()), (dot, 1));
        let size = g.actions().into_iter().find(|a| a.id == "size").unwrap();
        assert_eq!(
            size.kind,
            game_api::ActionKind::Choice {
                options: vec!["Small".into(), "Medium".into(), "Large".into()],
                selected: "Large".into()
            }
        );
        assert_eq!(size.shortcut.as_deref(), Some("s"));
        assert!(g.invoke_action("size", "Huge").is_err());
        assert!(g.invoke_action("fly", "").is_err());
    }

    #[test]
    fn a_caught_dot_glides_to_its_new_place_tick_by_tick() {
        let mut g = game();
        let caught_at = g.dot();
        g.click(caught_at);
        assert!(g.is_gliding());
        assert_eq!(g.drawn_dot(), caught_at, "it starts where it was caught");
        let tick = Event::Tick { dt: 0.1 };
        assert_eq!(g.handle_event(&tick), Response::REDRAW);
        let on_the_way = g.drawn_dot();
        assert!(on_the_way != caught_at && on_the_way != g.dot());
        g.handle_event(&tick);
        g.handle_event(&tick);
        assert!(!g.is_gliding());
        assert_eq!(g.drawn_dot(), g.dot());
        // No more glide, nothing to draw again.
        assert_eq!(g.handle_event(&tick), Response::NONE);
    }

    #[test]
    fn a_saved_round_comes_back_and_other_bytes_are_refused() {
        let mut g = game();
        g.click(g.dot());
        g.click(Point::new(1.0, HEIGHT - 1.0));
        let saved = g.save();
        let (dot, caught, missed) = (g.dot(), g.caught(), g.missed());
        g.click(g.dot());
        g.load(&saved).unwrap();
        assert_eq!((g.dot(), g.caught(), g.missed()), (dot, caught, missed));
        assert!(!g.is_gliding(), "a loaded dot is at its place");
        // The same catches follow: the generator is part of the save.
        g.click(g.dot());
        let next = g.dot();
        g.load(&saved).unwrap();
        g.click(g.dot());
        assert_eq!(g.dot(), next);

        g.load(&saved).unwrap();
        let text = String::from_utf8(saved.clone()).unwrap();
        for bad in [
            b"\xff\xfe".to_vec(),
            b"Lights Out save 1\n".to_vec(),
            saved[..saved.len() - 2].to_vec(),
            text.replace("dot-catcher 1", "dot-catcher 2").into_bytes(),
            text.replace(" end", "x end").into_bytes(),
        ] {
            assert!(g.load(&bad).is_err(), "{}", String::from_utf8_lossy(&bad));
            assert_eq!((g.dot(), g.caught(), g.missed()), (dot, caught, missed));
        }
    }

    #[test]
    fn a_finished_round_is_won_with_its_accuracy_as_score() {
        let mut g = game();
        assert_eq!(g.outcome(), Outcome::PLAYING);
        g.click(Point::new(1.0, HEIGHT - 1.0));
        for _ in 0..DOTS_PER_ROUND {
            g.click(g.dot());
        }
        let outcome = g.outcome();
        assert_eq!(outcome.result, GameResult::Won);
        // 10 catches in 11 clicks.
        assert_eq!(outcome.score, Some(90));
    }

    // The tests below run the game through its exported C ABI table, exactly
    // as the launcher does after loading the library, but without loading
    // anything: `GAME_TABLE` is linked into this test binary.

    // game-api's `Recorder` remembers what the game asks of the launcher,
    // one line per request.
    fn start(services: Recorder) -> GameInstance {
        GameLibrary::from_static(&GAME_TABLE)
            .expect("the table has this game-api's ABI version")
            .start(Box::new(services))
            .expect("the game starts")
    }

    /// The dot's centre, as drawn: the last circle of a dot's radius.
    fn drawn_dot(game: &mut GameInstance) -> Point {
        let mut painter = RecordingPainter::new();
        let report = game.draw(&mut painter).unwrap();
        assert_eq!((report.invalid, report.over_limit), (0, 0));
        painter
            .shapes
            .iter()
            .rev()
            .find_map(|s| match s {
                Shape::Circle { center, radius, .. } if *radius >= SIZES[0].1 => Some(*center),
                _ => None,
            })
            .expect("the dot is drawn")
    }

    #[test]
    fn through_the_abi_a_click_on_the_drawn_dot_catches_it() {
        let recorder = Recorder::new();
        let mut game = start(recorder.clone());
        assert_eq!(game.canvas_size().unwrap(), Point::new(WIDTH, HEIGHT));
        assert_eq!(game.title().unwrap(), "Dot Catcher");
        // It asked for the wheel as it started.
        assert_eq!(recorder.requests(), ["log Dot Catcher started", "input 1"]);
        // The wheel turned up draws the dot one size larger, up to Large.
        let radius = |game: &mut GameInstance| {
            let mut painter = RecordingPainter::new();
            game.draw(&mut painter).unwrap();
            painter
                .shapes
                .iter()
                .rev()
                .find_map(|s| match s {
                    Shape::Circle { radius, .. } if *radius >= SIZES[0].1 => Some(*radius),
                    _ => None,
                })
                .expect("the dot is drawn")
        };
        assert_eq!(radius(&mut game), SIZES[DEFAULT_SIZE].1);
        let up = Event::Scroll {
            pos: Point::new(10.0, 10.0),
            delta: Point::new(0.0, 40.0),
            modifiers: Modifiers::NONE,
        };
        assert_eq!(game.handle_event(&up).unwrap(), Response::REDRAW);
        assert_eq!(radius(&mut game), SIZES[2].1);
        assert_eq!(
            game.handle_event(&up).unwrap(),
            Response::NONE,
            "already the largest"
        );

        let dot = drawn_dot(&mut game);
        let response = game.handle_event(&release(dot)).unwrap();
        assert!(response.redraw);
        assert!(game.status().unwrap().starts_with("Caught 1 of 10"));
        // The dot glides away: ticks until it is there, then no more.
        assert_eq!(recorder.last().as_deref(), Some("tick 0.016"));
        while drawn_dot(&mut game) == dot {
            game.handle_event(&Event::Tick { dt: 0.1 }).unwrap();
        }
        game.handle_event(&Event::Tick { dt: 1.0 }).unwrap();
        assert_eq!(recorder.last().as_deref(), Some("tick stop"));
    }

    #[test]
    fn through_the_abi_h_asks_the_launcher_for_the_help() {
        let recorder = Recorder::new();
        let mut game = start(recorder.clone());
        game.handle_event(&Event::key("h")).unwrap();
        assert_eq!(
            recorder.last().as_deref(),
            Some("help Dot Catcher Help false")
        );
        // Shift+H: the same key name, with Shift among the modifiers.
        let shift_h = Event::KeyPress {
            key: "h".into(),
            modifiers: Modifiers::SHIFT,
        };
        game.handle_event(&shift_h).unwrap();
        assert_eq!(
            recorder.last().as_deref(),
            Some("help Dot Catcher Help true")
        );
    }

    #[test]
    fn through_the_abi_n_asks_the_launcher_for_a_new_round() {
        let recorder = Recorder::new();
        let mut game = start(recorder.clone());
        let features = game.features();
        assert!(features.new_game && features.save && features.outcome);
        assert!(!game.handle_event(&Event::key("n")).unwrap().redraw);
        assert_eq!(recorder.last().as_deref(), Some("new game"));
        // What the launcher does then: a new game from a seed of its own.
        game.new_game(5).unwrap();
        assert_eq!(game.game_id().unwrap(), "5");
        let dot = DotCatcher::with_seed(Host::detached(), 5).dot();
        assert_eq!(drawn_dot(&mut game), dot);
    }

    #[test]
    fn through_the_abi_actions_arrive_and_errors_come_back() {
        let mut game = start(Recorder::new());
        let ids: Vec<String> = game.actions().unwrap().into_iter().map(|a| a.id).collect();
        assert_eq!(ids, ["size"]);
        game.invoke_action("size", "Small").unwrap();
        game.start_from_game_id("7").unwrap();
        assert_eq!(game.game_id().unwrap(), "7");
        let err = game.start_from_game_id("x").unwrap_err();
        assert!(err.to_string().contains("whole number"), "{err}");
        let err = game.load(b"nonsense").unwrap_err();
        assert!(err.to_string().contains("not a saved round"), "{err}");
        // An error is not a crash: the game goes on.
        assert!(game.broken().is_none());
        assert_eq!(game.game_id().unwrap(), "7");
    }

    /// A launcher that gives the game a data directory, as the real one
    /// does, and does nothing else.
    struct WithDataDir(String);

    impl game_api::host::HostServices for WithDataDir {
        fn show_text_help(&mut self, _: &str, _: bool) {}
        fn show_manual_section(&mut self, _: &str) {}
        fn request_redraw(&mut self) {}
        fn log(&mut self, _: &str) {}
        fn data_dir(&mut self) -> Option<&str> {
            Some(&self.0)
        }
    }

    #[test]
    fn the_dot_size_chosen_is_there_the_next_time() {
        let dir = std::env::temp_dir().join(format!("dot-catcher-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let start = || {
            let services = WithDataDir(dir.to_str().unwrap().to_owned());
            GameLibrary::from_static(&GAME_TABLE)
                .unwrap()
                .start(Box::new(services))
                .unwrap()
        };
        let chosen = |game: &mut GameInstance| match &game.actions().unwrap()[0].kind {
            game_api::ActionKind::Choice { selected, .. } => selected.clone(),
            other => panic!("the size is a choice, not {other:?}"),
        };
        let mut game = start();
        assert_eq!(chosen(&mut game), "Medium");
        game.invoke_action("size", "Large").unwrap();
        let file = dir.join(game_api::settings::FILE_NAME);
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "dot-size Large\n");
        assert_eq!(chosen(&mut start()), "Large");
        // A size this version does not offer gives the default.
        std::fs::write(&file, "dot-size Huge\n").unwrap();
        assert_eq!(chosen(&mut start()), "Medium");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
