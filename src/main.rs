//! The `holodice` command: parse the arguments, call the library, print, exit.

mod cli;

fn main() {
    std::process::exit(cli::run(std::env::args_os()));
}
