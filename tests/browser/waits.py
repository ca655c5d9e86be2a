"""Waits on what a page shows, with the words of the check that failed:
``wait_for`` (a synchronous predicate) and ``wait_for_async`` (an async
check: Cache Storage, the lock manager, the service worker's registration);
and ``frames_drawn``, until the page has drawn what it asked for at its next
frames.  Playwright's ``wait_for_function`` takes a returned promise for
true, so an async check is asked again at each poll (one at a time) and its
last answer is the predicate's."""

from __future__ import annotations

from playwright.sync_api import TimeoutError as PlaywrightTimeout

#: The predicate made of an async check (``CHECK``): Playwright evaluates
#: the expression once, and calls the function it gives at every poll.
ASKED_AGAIN = """(() => {
  const check = CHECK;
  let answer = false, asking = false, failed = null;
  return (arg) => {
    if (failed) throw failed;
    if (!asking) {
      asking = true;
      Promise.resolve().then(() => check(arg))
        .then((found) => { answer = found; }, (error) => { failed = error; })
        .finally(() => { asking = false; });
    }
    return answer;
  };
})()"""


def wait_for(target, predicate: str, failure: str, arg=None, timeout: float = 30_000):
    """``target.wait_for_function(predicate, arg=arg)`` (a page or a frame);
    a timeout fails the test with ``failure``."""
    try:
        return target.wait_for_function(predicate, arg=arg, timeout=timeout)
    except PlaywrightTimeout:
        raise AssertionError(f"{failure} (within {timeout / 1000:g} s)") from None


def wait_for_async(target, check: str, failure: str, arg=None, timeout: float = 30_000):
    """Until the async function ``check`` (JavaScript) answers a true value
    in ``target``; a timeout fails the test with ``failure``."""
    return wait_for(target, ASKED_AGAIN.replace("CHECK", check), failure, arg, timeout)


def frames_drawn(target, count: int = 2, timeout: float = 15_000) -> None:
    """Until ``target`` has drawn ``count`` more frames: what the page asked
    to do at its next frame (a render, a scroll) is done."""
    target.wait_for_function(f"(() => {{ let seen = 0; return () => ++seen > {count}; }})()",
                             polling="raf", timeout=timeout)
