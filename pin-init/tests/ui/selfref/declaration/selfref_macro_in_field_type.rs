// A macro in a field type, bound or where clause of a self-referential struct is an error at
// the invocation: `#[pin_data]` reads types as syntax, and a `macro_rules!` body may name a
// field lifetime (lifetimes in macro bodies are not hygienic). Here `hidden!()` expands to
// `Reader<'text>`: had `text` been declared before `early`, `early` would borrow a field that
// drops first without `#[pin_data]` ever seeing the borrow, and `Reader`'s `Drop` would read
// freed memory.
use pin_init::*;

struct Reader<'a>(Option<&'a String>);

impl Drop for Reader<'_> {
    fn drop(&mut self) {
        if let Some(s) = self.0 {
            println!("{s}");
        }
    }
}

macro_rules! hidden {
    () => {
        Reader<'text>
    };
}

#[pin_data]
struct S {
    early: hidden!(),
    view: &'text str,
    text: String,
}

macro_rules! item {
    () => {
        &'data u8
    };
}

// In a bound, the macro would hide a field lifetime, which bounds may not name.
#[pin_data]
struct G<T>
where
    T: Iterator<Item = item!()>,
{
    iter: T,
    view: &'data [u8],
    data: [u8; 4],
}

fn main() {}
