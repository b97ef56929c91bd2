//! Draws the pictures of GCalc's manual with the game's own drawing code
//! and the deterministic rasteriser of `game-raster`: the window with the
//! example storage open (`manual/window.png`; the rasteriser draws no text,
//! so the cells' names are missing there), and one picture per piece of
//! notation (a basic
//! cube, the three compositions, an abstraction, an application before and
//! after its evaluation, a numeral seen as a cube, a spatial function).
//!
//! Run `cargo run -p gcalc --example render_pictures` to write them into
//! the crate's directory (or into the directory given as argument). The
//! test `tests/pictures.rs` renders them again and compares them with the
//! committed files, so they never go stale.

use game_api::{Button, Event, Game, Host, Modifiers, Point, Rgba, Style};
use gcalc::draw::draw_cube;
use gcalc::eval::{Settings, evaluate};
use gcalc::example::examples;
use gcalc::expr::parse;
use gcalc::game::{BACKGROUND, GCalc};
use gcalc::layout::CellId;
use gcalc::ops::OpCell;
use gcalc::{Expr, Storage};

/// The side of a notation picture.
pub const SIDE: u32 = 160;

fn named(store: &Storage, text: &str) -> Expr {
    store.find(text).cloned().unwrap_or_else(|| parse(text))
}

fn value(e: Expr) -> Expr {
    evaluate(&e, &Settings::default(), 100_000).expr
}

/// The notation pictures: file name, the cube.
pub fn cubes() -> Vec<(&'static str, Expr)> {
    let store = examples();
    let two = named(&store, "two");
    let two_as_cube = value(Expr::apply(
        Expr::apply(two.clone(), named(&store, "slice")),
        parse("blue"),
    ));
    vec![
        ("manual/red.png", parse("red")),
        ("manual/left-right.png", parse("red | green")),
        ("manual/top-bottom.png", parse("red - green")),
        ("manual/front-back.png", parse("red / green")),
        ("manual/mixed.png", parse("(red | green) - (blue | yellow)")),
        ("manual/abstraction.png", parse("\\green. red | green")),
        (
            "manual/application.png",
            parse("(\\green. red | green) blue"),
        ),
        (
            "manual/applied.png",
            value(parse("(\\green. red | green) blue")),
        ),
        ("manual/two.png", two),
        ("manual/two-as-cube.png", two_as_cube),
        (
            "manual/spatial.png",
            parse("(\\white. white) | (\\white. white - red)"),
        ),
        (
            "manual/spatial-applied.png",
            value(parse(
                "((\\white. white) | (\\white. white - red)) (yellow | cyan)",
            )),
        ),
    ]
}

fn cube_png(e: &Expr) -> Vec<u8> {
    let side = SIDE as f32;
    game_raster::render_png(SIDE, SIDE, 1.0, |p| {
        p.rect(
            Point::new(0.0, 0.0),
            Point::new(side, side),
            Style::solid(Rgba::rgb(128, 128, 128)),
        );
        draw_cube(p, e, Point::new(0.0, 0.0), side);
    })
}

fn drag(game: &mut GCalc, from: CellId, to: CellId) {
    let a = game.layout().square(from).center();
    let b = game.layout().square(to).center();
    game.handle_event(&Event::press(a));
    game.handle_event(&Event::PointerMove {
        pos: Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0),
    });
    game.handle_event(&Event::PointerMove { pos: b });
    game.handle_event(&Event::release(b));
}

/// The game with the example storage open and a function built in the
/// main cell (`\green. red | green`), laid out to `size`.
pub fn window_game(size: Point) -> GCalc {
    let mut game = GCalc::with_data_dir(Host::detached(), None);
    game.lay_out_canvas(size);
    game.invoke_action("example", "")
        .expect("the example storage");
    let red = CellId::Colour(7);
    let green = CellId::Colour(9);
    drag(&mut game, red, CellId::Main);
    drag(&mut game, green, CellId::Op(OpCell::Right));
    let at = game.layout().square(green).center();
    for event in [
        Event::PointerPress {
            pos: at,
            button: Button::Secondary,
            modifiers: Modifiers::NONE,
        },
        Event::PointerRelease {
            pos: at,
            button: Button::Secondary,
            modifiers: Modifiers::NONE,
        },
    ] {
        game.handle_event(&event);
    }
    let over = game.layout().square(CellId::Store(2)).center();
    game.handle_event(&Event::PointerMove { pos: over });
    game
}

fn window_png(game: &GCalc) -> Vec<u8> {
    let size = game.canvas_size();
    game_raster::render_png(size.x as u32, size.y as u32, 1.0, |p| {
        p.rect(Point::new(0.0, 0.0), size, Style::solid(BACKGROUND));
        game.draw(p)
    })
}

/// The pictures, by path relative to the crate's directory, as PNG bytes.
pub fn pictures() -> Vec<(&'static str, Vec<u8>)> {
    let mut pictures: Vec<(&'static str, Vec<u8>)> = cubes()
        .into_iter()
        .map(|(name, e)| (name, cube_png(&e)))
        .collect();
    let natural = gcalc::layout::Layout::natural_size();
    pictures.push(("manual/window.png", window_png(&window_game(natural))));
    pictures
}

#[allow(dead_code)]
fn main() {
    game_raster::icon::make_pictures(env!("CARGO_MANIFEST_DIR"), pictures());
}
