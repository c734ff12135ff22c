//! The command line: parse the arguments, run the command, print. Every user error ends here:
//! one line on stderr and exit status 2.

use clap::error::ErrorKind;
use clap::Parser;
use holodice::command::{self, Cli, Command, Files, LegionCommand, SwtcgCommand};
use holodice_engine::legion::cards::Cards as LegionCards;
use holodice_engine::swtcg::cards::Cards;
use holodice_engine::Error;
use std::ffi::OsString;
use std::io::{BufRead, Write};
use std::path::Path;

/// Runs the command line; returns the exit status.
pub fn run(args: impl IntoIterator<Item = OsString>) -> i32 {
    ignore_file_size_signal();
    let args: Vec<OsString> = args.into_iter().collect();
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let words: Vec<String> = args
                .iter()
                .skip(1)
                .map(|a| a.to_string_lossy().into_owned())
                .collect();
            return fail(&command::missing_subcommand(&words));
        }
        Err(e) => match command::usage_message(&e) {
            Some(message) => return fail(&format!("{message}; see 'holodice --help'")),
            // --help and --version: printed as any output is, write failures included.
            None => return print(&e.to_string(), 0),
        },
    };
    if let Command::Serve(a) = &cli.command {
        return match holodice::server::run(a, &LocalFiles) {
            Ok(()) => 0,
            Err(e) => fail(&command::message(&e)),
        };
    }
    // Only a query that names a card ('@Name'), lists the cards or meets them all (matchups)
    // reads a game's built-in cards: reading them is most of a small query's start.
    let names_cards = args.iter().any(|a| a.to_string_lossy().contains('@'));
    let no_cards = Cards::default();
    let cards = match &cli.command {
        Command::Legion(_) | Command::Table(_) => &no_cards,
        Command::Swtcg(SwtcgCommand::Cards(_)) => Cards::builtin(),
        _ if names_cards => Cards::builtin(),
        _ => &no_cards,
    };
    let no_legion_cards = LegionCards::default();
    let legion_cards = match &cli.command {
        Command::Legion(LegionCommand::Units(_) | LegionCommand::Matchups(_)) => {
            LegionCards::builtin()
        }
        Command::Swtcg(_) => &no_legion_cards,
        _ if names_cards => LegionCards::builtin(),
        _ => &no_legion_cards,
    };
    let answer = match command::execute(&cli.command, cards, legion_cards, &LocalFiles) {
        Ok(answer) => answer,
        Err(e) => return fail(&command::message(&e)),
    };
    if let Some((path, svg)) = &answer.plot {
        if let Err(e) = write_plot(path, svg) {
            return fail(&command::message(&e));
        }
    }
    // Only `check` exits with 1: its samples were rejected.
    print(&answer.body, i32::from(answer.rejected))
}

/// Prints `text` and gives `status`; a reader that stopped reading (`| head`) is no error, any
/// other write failure is one line and status 2.
fn print(text: &str, status: i32) -> i32 {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => status,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
        Err(e) => fail(&format!("cannot write the output: {e}")),
    }
}

/// Prints the one-line error and gives exit status 2.
fn fail(message: &str) -> i32 {
    let _ = writeln!(
        std::io::stderr(),
        "holodice: error: {}",
        command::one_line(message)
    );
    2
}

/// The files the command line names; "-" is standard input.
struct LocalFiles;

impl Files for LocalFiles {
    fn open(&self, flag: &str, path: &Path) -> Result<Box<dyn BufRead + '_>, Error> {
        if path == Path::new("-") {
            return Ok(Box::new(std::io::stdin().lock()));
        }
        // Opening a FIFO with no writer would wait for one forever (an endless file, such as a
        // device, stops at the option's size limit).
        if is_fifo(path) {
            return Err(Error::File(format!(
                "{} is a FIFO, which may never be written to: give a file, or - for standard \
                 input",
                self.describe(flag, path)
            )));
        }
        let file = std::fs::File::open(path)
            .map_err(|e| Error::File(format!("cannot read {}: {e}", self.describe(flag, path))))?;
        Ok(Box::new(std::io::BufReader::new(file)))
    }
}

/// Writes an SVG chart whole or not at all: to a temporary file beside it, then renamed. A
/// target that exists must be a regular file: a symlink, device or FIFO is not replaced.
fn write_plot(path: &Path, svg: &str) -> Result<(), Error> {
    let fail =
        |e: std::io::Error| Error::File(format!("cannot write --plot {}: {e}", path.display()));
    if let Ok(meta) = std::fs::symlink_metadata(path) {
        if !meta.file_type().is_file() {
            return Err(Error::File(format!(
                "--plot {}: it exists and is not a regular file (a symlink, directory, device or \
                 FIFO), so it is left alone; give a new file name",
                path.display()
            )));
        }
    }
    let name = path
        .file_name()
        .ok_or_else(|| Error::File(format!("--plot {}: give a file name", path.display())))?;
    let temp = path.with_file_name(format!(".{}.partial", name.to_string_lossy()));
    let written = std::fs::File::create(&temp)
        .and_then(|mut f| f.write_all(svg.as_bytes()).and_then(|()| f.sync_all()))
        .and_then(|()| std::fs::rename(&temp, path));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temp);
        return Err(fail(e));
    }
    Ok(())
}

/// Past a file-size limit (`ulimit -f`) a write then fails, and is reported (a chart's temporary
/// file removed), rather than the signal killing the process midway.
fn ignore_file_size_signal() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to "ignore" runs no code of ours in a handler.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// Whether `path` is a named pipe.
fn is_fifo(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        std::fs::metadata(path).is_ok_and(|m| m.file_type().is_fifo())
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        false
    }
}
