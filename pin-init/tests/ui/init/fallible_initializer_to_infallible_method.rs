// A fallible initializer given to a method that takes an infallible one (`Box::pin_init`,
// `Box::init`, `stack_pin_init!`) is an error at the call that says to use the `try_` form.
// (Every value is an infallible initializer of itself, so with `impl PinInit<T>` this compiled
// and boxed the initializer, uncalled.)
use pin_init::*;

#[pin_data]
struct Parsed {
    words: Vec<&'text str>,
    text: String,
}

#[derive(Debug)]
struct Empty;

fn parse(text: &str) -> impl PinInit<Parsed, Empty> + '_ {
    try_pin_init!(Parsed {
        text: if text.is_empty() { Err(Empty)? } else { text.to_owned() },
        words: text.split(' ').collect(),
    }? Empty)
}

fn number(n: u32) -> impl Init<u32, Empty> {
    // SAFETY: writes the value or fails without writing.
    unsafe {
        init_from_closure(move |slot: *mut u32| {
            if n == 0 {
                return Err(Empty);
            }
            slot.write(n);
            Ok(())
        })
    }
}

fn main() {
    let _ = Box::pin_init(parse("a b"));
    let _ = Box::init(number(1));
    stack_pin_init!(let _p = parse("a b"));
}
