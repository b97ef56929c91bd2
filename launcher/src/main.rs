//! `launcher`: the console window, `--list` and `--play`. See `launcher --help`.

use clap::Parser;
use launcher::catalog::{Catalog, SearchPath, executable_dir};
use launcher::cli::{Args, list_report};
use launcher::loader::Loader;
use launcher::screenshot::Screenshot;
use launcher::{LauncherApp, LauncherConfig};
use std::time::Duration;

/// The launcher plus the command line's one-shot jobs.
struct MainApp {
    app: LauncherApp,
    screenshot: Option<Screenshot>,
}

impl eframe::App for MainApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.app.frame(ui);
        if let Some(screenshot) = &mut self.screenshot {
            screenshot.update(ui.ctx());
        }
    }
}

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    let mut library_dirs: Vec<_> = executable_dir().into_iter().collect();
    library_dirs.extend(args.library_dirs.iter().cloned());
    let config = LauncherConfig {
        search: SearchPath::standard(&args.games_dirs),
        library_dirs,
        watch_games_dirs: true,
        probe_timeout: Duration::from_secs_f64(args.probe_timeout),
    };

    if args.list {
        let catalog = Catalog::scan(&config.search, &config.library_dirs);
        let mut loader = Loader::new();
        print!(
            "{}",
            list_report(
                &catalog,
                (!args.no_load).then_some(&mut loader),
                config.probe_timeout,
            )
        );
        return std::process::ExitCode::SUCCESS;
    }

    let mut app = LauncherApp::new(config);
    let title = match &args.play {
        Some(dir_name) => {
            if app.catalog().find(dir_name).is_none() {
                eprintln!(
                    "launcher: no game directory named {dir_name:?} on the search path; `launcher --list` shows the games found"
                );
                return std::process::ExitCode::from(2);
            }
            app = app.play_only(dir_name);
            dir_name.clone()
        }
        None => "PLT Games".to_string(),
    };
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(title)
            .with_inner_size([560.0, 400.0])
            .with_min_inner_size([240.0, 160.0]),
        ..Default::default()
    };
    let screenshot = args
        .screenshot
        .map(|path| Screenshot::new(path, Duration::from_secs_f64(args.screenshot_delay)));
    let main_app = MainApp { app, screenshot };
    match eframe::run_native(
        "game-launcher",
        options,
        Box::new(|_cc| Ok(Box::new(main_app))),
    ) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("launcher: cannot open a window: {e}");
            eprintln!(
                "launcher: a window needs a display (DISPLAY or WAYLAND_DISPLAY) and, on Linux, \
                 the X11 and OpenGL libraries the README lists (libxcursor1, libxi6, \
                 libxkbcommon-x11-0, Mesa); `launcher --list` works without any"
            );
            std::process::ExitCode::FAILURE
        }
    }
}
