//! Draws a game as the launcher would show it, into a PNG: the maze whose
//! ID is the first argument after the given turns (`u`, `d`, `l`, `r`,
//! `s` for wait, `n` for next maze), at the scale given.
//!
//! `cargo run -p tally-maze --example screenshot -- <id> <turns> <out.png> [scale] [preview]`

use game_api::Game;
use tally_maze::TallyMaze;
use tally_maze::rules::Turn;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut game = TallyMaze::with_id(&args[0]).expect("a game ID");
    for c in args.get(1).map(String::as_str).unwrap_or("").chars() {
        if let Some(turn) = Turn::from_letter(c) {
            game.play(turn);
        }
    }
    if args.get(4).is_some() {
        game.invoke_action("preview", "Shown")
            .expect("the preview choice");
    }
    // The glide of the last turn is over in a picture.
    game.handle_event(&game_api::Event::Tick { dt: 1.0 });
    let scale: f32 = args.get(3).map_or(1.0, |s| s.parse().expect("a scale"));
    let size = game.canvas_size();
    let png = game_raster::render_png(size.x as u32, size.y as u32, scale, |p| game.draw(p));
    let out = args.get(2).map_or("screenshot.png", String::as_str);
    std::fs::write(out, png).expect("write the picture");
    println!("wrote {out}");
}
