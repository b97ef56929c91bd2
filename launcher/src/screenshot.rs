//! `--screenshot FILE`: save a PNG of the launcher's window once it has drawn,
//! then quit. For documentation pictures and real-window smoke tests.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long past its delay a screenshot waits for the windows to come to
/// rest before it is taken anyway.
pub const AT_REST_PATIENCE: Duration = Duration::from_secs(60);

/// A pending screenshot of the root window.
#[derive(Debug)]
pub struct Screenshot {
    path: PathBuf,
    delay: Duration,
    start: Option<Instant>,
    requested: bool,
    /// Filled by the renderer's callback.
    image: Arc<Mutex<Option<Arc<egui::ColorImage>>>>,
}

impl Screenshot {
    /// Takes the screenshot `delay` after the first frame and writes it to `path`.
    pub fn new(path: PathBuf, delay: Duration) -> Self {
        Screenshot {
            path,
            delay,
            start: None,
            requested: false,
            image: Arc::default(),
        }
    }

    /// Call once per frame, after the UI, with whether the windows are at
    /// rest (`LauncherApp::is_at_rest`). Asks for the picture once the
    /// delay has passed and the windows are at rest (or, at the latest,
    /// [`AT_REST_PATIENCE`] after the delay), saves it when it arrives, then
    /// closes the window. Waiting for rest rather than for time alone gives
    /// the same picture on a loaded machine.
    pub fn update(&mut self, ctx: &egui::Context, at_rest: bool) {
        let start = *self.start.get_or_insert_with(Instant::now);
        let image = self
            .image
            .lock()
            .map(|mut slot| slot.take())
            .unwrap_or_default();
        if let Some(image) = image {
            match save_png(&image, &self.path) {
                Ok(()) => eprintln!("plt-games: saved a screenshot to {}", self.path.display()),
                Err(e) => eprintln!(
                    "plt-games: cannot save the screenshot to {}: {e}",
                    self.path.display()
                ),
            }
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            return;
        }
        let waited = start.elapsed();
        if !self.requested
            && waited >= self.delay
            && (at_rest || waited >= self.delay + AT_REST_PATIENCE)
        {
            self.requested = true;
            let slot = self.image.clone();
            let repaint = ctx.clone();
            ctx.request_screenshot(move |image| {
                if let Ok(mut slot) = slot.lock() {
                    *slot = Some(image);
                }
                repaint.request_repaint();
            });
        }
        // Keep frames coming until the picture is saved.
        ctx.request_repaint_after(Duration::from_millis(50));
    }
}

/// Writes an egui image as an RGBA PNG.
pub fn save_png(image: &egui::ColorImage, path: &std::path::Path) -> Result<(), String> {
    let bytes: Vec<u8> = image
        .pixels
        .iter()
        .flat_map(|c| c.to_srgba_unmultiplied())
        .collect();
    let [w, h] = image.size;
    let buffer = image::RgbaImage::from_raw(w as u32, h as u32, bytes)
        .ok_or("the image has the wrong size")?;
    buffer
        .save_with_format(path, image::ImageFormat::Png)
        .map_err(|e| e.to_string())
}
