//! Playing a game through its C ABI table as the launcher does, for a
//! game's own tests and benches: starting it, a frame, the colour a player
//! sees at a point, the pointer swept across the canvas a frame at a time.

use game_api::abi::GameTable;
use game_api::host::{GameInstance, GameLibrary, HostServices, NoServices, Recorder};
use game_api::{Button, Event, Modifiers, Point, RecordingPainter, Region, Response, Rgba, Shape};

/// The game of `table`, started with no launcher services.
pub fn start(table: &'static GameTable) -> GameInstance {
    GameLibrary::from_static(table)
        .expect("the table has this game-api's ABI version")
        .start(Box::new(NoServices))
        .expect("the game starts")
}

/// The game of `table`, started with no launcher services and laid out
/// on a canvas of `size`, as a window of that size shows it.
pub fn start_at(table: &'static GameTable, size: Point) -> GameInstance {
    let mut game = start(table);
    game.layout(size).expect("the game lays itself out");
    game
}

/// The game of `table`, started with its requests to the launcher recorded.
pub fn start_recorded(table: &'static GameTable) -> (GameInstance, Recorder) {
    let recorder = Recorder::new();
    let game = GameLibrary::from_static(table)
        .expect("the table has this game-api's ABI version")
        .start(Box::new(recorder.clone()))
        .expect("the game starts");
    (game, recorder)
}

/// The shapes of one frame; asserts none was dropped.
pub fn frame(game: &mut GameInstance) -> Vec<Shape> {
    let mut painter = RecordingPainter::new();
    let report = game.draw(&mut painter).expect("the game draws");
    assert!(report.is_clean(), "shapes were dropped: {report:?}");
    painter.shapes
}

/// Whether `p` is inside the polygon `points` (even-odd rule).
pub fn inside_polygon(points: &[Point], p: Point) -> bool {
    let mut inside = false;
    let mut j = points.len().saturating_sub(1);
    for i in 0..points.len() {
        let (a, b) = (points[i], points[j]);
        if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
            inside = !inside;
        }
        j = i;
    }
    inside
}

/// The opaque fill a player sees at `p`: the last opaque filled shape
/// (rectangle, rounded or not, polygon, circle, ellipse) drawn over it.
/// Translucent veils are looked through; lines and text are not fills.
pub fn color_at(shapes: &[Shape], p: Point) -> Option<Rgba> {
    let mut seen = None;
    for shape in shapes {
        let (hit, style) = match shape {
            Shape::Rect { min, size, style }
            | Shape::RoundedRect {
                min, size, style, ..
            } => (
                p.x >= min.x && p.y >= min.y && p.x < min.x + size.x && p.y < min.y + size.y,
                style,
            ),
            Shape::Polygon { points, style } => (inside_polygon(points, p), style),
            Shape::Circle {
                center,
                radius,
                style,
            } => (
                (p.x - center.x).powi(2) + (p.y - center.y).powi(2) <= radius.powi(2),
                style,
            ),
            Shape::Ellipse {
                center,
                radius_x,
                radius_y,
                style,
            } => (
                ((p.x - center.x) / radius_x).powi(2) + ((p.y - center.y) / radius_y).powi(2)
                    <= 1.0,
                style,
            ),
            _ => continue,
        };
        if let Some(fill) = style.fill.filter(|f| f.a == 255)
            && hit
        {
            seen = Some(fill);
        }
    }
    seen
}

/// Sends `event`; the call must succeed.
pub fn send(game: &mut GameInstance, event: Event) -> Response {
    game.handle_event(&event).expect("the game takes the event")
}

/// A primary-button click at `at`; the release's response.
pub fn click(game: &mut GameInstance, at: Point) -> Response {
    send(game, Event::press(at));
    send(game, Event::release(at))
}

/// A click of `button` with `modifiers` held at `at`; the release's
/// response.
pub fn click_with(
    game: &mut GameInstance,
    at: Point,
    button: Button,
    modifiers: Modifiers,
) -> Response {
    let (pos, button, modifiers) = (at, button, modifiers);
    send(
        game,
        Event::PointerPress {
            pos,
            button,
            modifiers,
        },
    );
    send(
        game,
        Event::PointerRelease {
            pos,
            button,
            modifiers,
        },
    )
}

/// A drag with the primary button from `from` to `to`, by way of the
/// middle, as a hand moves.
pub fn drag(game: &mut GameInstance, from: Point, to: Point) {
    send(game, Event::press(from));
    let mid = Point::new((from.x + to.x) / 2.0, (from.y + to.y) / 2.0);
    send(game, Event::PointerMove { pos: mid });
    send(game, Event::PointerMove { pos: to });
    send(game, Event::release(to));
}

/// The labels of the regions a screen reader reads now.
pub fn labels(game: &mut GameInstance) -> Vec<String> {
    game.regions()
        .expect("the game gives its regions")
        .into_iter()
        .map(|r| r.label)
        .collect()
}

/// The first region whose label `f` accepts.
pub fn region(game: &mut GameInstance, f: impl Fn(&str) -> bool) -> Option<Region> {
    game.regions()
        .expect("the game gives its regions")
        .into_iter()
        .find(|r| f(&r.label))
}

/// The centre of the first region whose label `f` accepts; without one,
/// the test stops and lists the labels there are.
pub fn center_of(game: &mut GameInstance, f: impl Fn(&str) -> bool) -> Point {
    match region(game, &f) {
        Some(r) => r.center(),
        None => panic!("no region of the labels {:?} is the one", labels(game)),
    }
}

/// `n` frames' ticks (16 ms each): what moves on ticks settles.
pub fn ticks(game: &mut GameInstance, n: usize) {
    for _ in 0..n {
        send(game, Event::Tick { dt: 0.016 });
    }
}

/// How many shapes a frame draws now: what a bench of a frame keeps, so
/// that the drawing is not optimised away.
pub fn shapes_drawn(game: &mut GameInstance) -> usize {
    let mut painter = RecordingPainter::new();
    game.draw(&mut painter).expect("the game draws");
    painter.shapes.len()
}

/// A bench's frame of a pointer moving (a card dragged when a button is
/// down, else a hover): each call moves the pointer 7 pixels further along
/// a 600-pixel sweep to the right of `from` (starting over at its end),
/// then draws the frame, as the launcher's game process does each frame.
/// Returns the shapes drawn.
///
/// ```ignore
/// let mut frame = game_test::play::pointer_sweep(&mut game, from);
/// c.bench_function("drag frame (move and draw)", |b| b.iter(&mut frame));
/// ```
pub fn pointer_sweep(game: &mut GameInstance, from: Point) -> impl FnMut() -> usize + '_ {
    let mut x = 0.0;
    move || {
        x = (x + 7.0) % 600.0;
        let pos = Point::new(from.x + x, from.y);
        send(game, Event::PointerMove { pos });
        shapes_drawn(game)
    }
}

/// The launcher's services with a data directory, as the launcher gives a
/// game one: every other request goes to a [`Recorder`] (a new one unless
/// [`WithDataDir::recording`] gives the test's own).
pub struct WithDataDir {
    dir: Option<String>,
    recorder: Recorder,
}

impl WithDataDir {
    /// Services whose data directory is `dir`.
    pub fn new(dir: impl Into<String>) -> WithDataDir {
        WithDataDir::maybe(Some(dir.into()))
    }

    /// Services with the data directory `dir`, or none (as a launcher that
    /// could not make one).
    pub fn maybe(dir: Option<String>) -> WithDataDir {
        WithDataDir {
            dir,
            recorder: Recorder::new(),
        }
    }

    /// The same, recording the game's requests in `recorder`.
    pub fn recording(self, recorder: Recorder) -> WithDataDir {
        WithDataDir { recorder, ..self }
    }
}

impl HostServices for WithDataDir {
    fn show_text_help(&mut self, title: &str, verbatim: bool) {
        self.recorder.show_text_help(title, verbatim);
    }
    fn show_manual_section(&mut self, tag: &str) {
        self.recorder.show_manual_section(tag);
    }
    fn request_redraw(&mut self) {
        self.recorder.request_redraw();
    }
    fn log(&mut self, message: &str) {
        self.recorder.log(message);
    }
    fn request_tick(&mut self, interval: Option<f32>) {
        self.recorder.request_tick(interval);
    }
    fn request_new_game(&mut self) {
        self.recorder.request_new_game();
    }
    fn request_input(&mut self, kinds: u32) {
        self.recorder.request_input(kinds);
    }
    fn choose_file(&mut self, kind: u32) {
        self.recorder.choose_file(kind);
    }
    fn request_layout(&mut self, fill: bool) {
        self.recorder.request_layout(fill);
    }
    fn set_cursor(&mut self, cursor: u32) {
        self.recorder.set_cursor(cursor);
    }
    fn data_dir(&mut self) -> Option<&str> {
        self.dir.as_deref()
    }
}
