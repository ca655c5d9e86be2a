"""The parts of build.py that know nothing of the site's own files: pure
wheels made with zipfile (:mod:`.wheels`), the app icon drawn as PNG and ICO
(:mod:`.icons`), and the static server for dist/ (:mod:`.server`).  Standard
library only, like build.py."""
