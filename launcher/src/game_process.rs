//! The launcher binary as a game process (`plt-games --game-host`, hidden):
//! [`game_host::child::serve`] with text measured by egui's own fonts,
//! headless, so that a game measures its text exactly as the console draws
//! it (see [`crate::render::text_size`]).

use game_host::child::Measure;
use game_host::protocol::Start;

/// The hidden flag that makes the launcher a game process.
pub const GAME_HOST_FLAG: &str = "--game-host";

/// What the launcher says on stderr when started with `--no-sandbox`.
pub const NO_SANDBOX_WARNING: &str = "plt-games: WARNING: --no-sandbox: games run WITHOUT their sandbox; \
     a game can read and change your files and use the network. Use it only to debug a game you trust.";

/// Runs this process as a game process until the console closes it.
pub fn serve() -> std::process::ExitCode {
    game_host::child::serve(measurer)
}

/// Measures text with egui's fonts at the console's scale. The fonts are
/// made when the game first measures: a game that never does costs none.
fn measurer(start: &Start) -> Option<Measure> {
    let pixels_per_point = if start.pixels_per_point.is_finite() {
        start.pixels_per_point.clamp(0.25, 8.0)
    } else {
        1.0
    };
    let mut fonts: Option<egui::Context> = None;
    Some(Box::new(move |font_size, style, text| {
        let ctx = fonts.get_or_insert_with(|| headless(pixels_per_point));
        crate::render::styled_text_size(ctx, font_size, style, text)
    }))
}

/// An egui context that has run one pass, so its fonts exist.
fn headless(pixels_per_point: f32) -> egui::Context {
    let ctx = egui::Context::default();
    let mut input = egui::RawInput::default();
    input
        .viewports
        .entry(egui::ViewportId::ROOT)
        .or_default()
        .native_pixels_per_point = Some(pixels_per_point);
    // The font atlas made in that pass is never uploaded anywhere.
    ctx.run_ui(input, |_| {}).textures_delta.clear();
    ctx
}
