# Setting up a stock Debian or Ubuntu machine for this project; sourced by
# .ci/run (tests) and ./serve (play). The system python3 refuses
# `pip install` (PEP 668), so Python packages go into a project-local
# virtual environment, .venv/, made here.

step() { printf '\n== %s\n' "$*"; }

# apt_install PACKAGE...: install Debian/Ubuntu packages (sudo when not root).
apt_install() {
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    step "installing $* (apt-get)"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}

# need_npm: npm fetches the pinned Pyodide and PyScript once (npm ci).
need_npm() {
    command -v npm >/dev/null 2>&1 || apt_install npm
}

# need_venv: .venv/ with the pinned test packages of requirements-dev.txt.
need_venv() {
    if ! [ -x .venv/bin/python ]; then
        step "making the virtual environment .venv/"
        if ! python3 -m venv .venv >/dev/null 2>&1; then
            rm -rf .venv
            apt_install python3-venv
            python3 -m venv .venv
        fi
    fi
    step "installing Python packages into .venv/ (requirements-dev.txt)"
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
}
