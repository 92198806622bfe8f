// DESIGN.md, Covariance and invariance groups: `Session` is covariant in `'dev` (its invariant group mentions no
// generic), so `&Session<'long>` may be seen as `&Session<'s>`. Then a shared projection must not
// know `'s: 'log`: otherwise this callback would store a short-lived `&str` in the `Mutex`, read
// after `short` died through the original `Session<'long>`. Rejected: `'log` is unrelated to
// the generics in `with_project_ref`.
use pin_init::*;
use std::sync::Mutex;

struct Config {
    name: String,
}

#[pin_data]
struct Session<'dev> {
    view: &'cfg Config,
    cfg: &'dev Config,
    #[uses('log: invariant)]
    cursor: Mutex<&'log str>,
    log: String,
}

fn put<'s>(s: &Session<'s>, v: &'s str) {
    s.with_project_ref(|p| {
        *p.cursor.lock().unwrap() = v;
    });
}

fn main() {
    static CONFIG: Config = Config { name: String::new() };
    let s = Box::pin_init(pin_init!(Session {
        log: String::from("log"),
        cursor: Mutex::new(&log[..]),
        cfg: &CONFIG,
        view: *cfg,
    }))
    .unwrap();
    {
        let short = String::from("short-lived");
        put(&s, &short);
    }
    s.with_cursor(|c| println!("{}", c.lock().unwrap()));
}
