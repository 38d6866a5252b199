#define _GNU_SOURCE 1
#include "cncurses.h"
#include <ncursesw/term.h>

#include <errno.h>
#include <stdio.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

SCREEN *cnc_newterm(void) { return newterm(NULL, stdout, stdin); }
int cnc_can_address_cursor(void) {
    const char *move = tigetstr("cup");
    return move != NULL && move != (const char *)-1 && move[0] != 0;
}
void cnc_flush_stdout(void) { fflush(stdout); }

WINDOW *cnc_stdscr(void) { return stdscr; }
WINDOW *cnc_curscr(void) { return curscr; }
int cnc_colors(void) { return COLORS; }
int cnc_color_pairs(void) { return COLOR_PAIRS; }
int cnc_lines(void) { return LINES; }
int cnc_cols(void) { return COLS; }

attr_t cnc_attr_bold(void) { return A_BOLD; }
attr_t cnc_attr_dim(void) { return A_DIM; }
attr_t cnc_attr_italic(void) { return A_ITALIC; }
attr_t cnc_attr_underline(void) { return A_UNDERLINE; }
attr_t cnc_attr_reverse(void) { return A_REVERSE; }

int cnc_put_cell(int y, int x, const wchar_t *chars, int count, attr_t attrs, int pair) {
    wchar_t text[CCHARW_MAX + 1];
    int n = count < CCHARW_MAX ? count : CCHARW_MAX;
    for (int i = 0; i < n; i++) text[i] = chars[i];
    text[n] = 0;
    cchar_t cell;
    int extended = pair;
    if (setcchar(&cell, text, attrs, (short)(pair < 32767 ? pair : 0), &extended) == ERR) {
        return ERR;
    }
    return mvwadd_wch(stdscr, y, x, &cell);
}

int cnc_get_wch(wint_t *ch) { return wget_wch(stdscr, ch); }

int cnc_init_pair(int pair, int fg, int bg) {
#if NCURSES_EXT_COLORS
    return init_extended_pair(pair, fg, bg);
#else
    return init_pair((short)pair, (short)fg, (short)bg);
#endif
}

void cnc_enable_mouse(void) {
    mmask_t mask = BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON2_PRESSED | BUTTON2_RELEASED |
                   BUTTON3_PRESSED | BUTTON3_RELEASED | BUTTON4_PRESSED | BUTTON_SHIFT | BUTTON_CTRL | BUTTON_ALT;
#ifdef BUTTON5_PRESSED
    mask |= BUTTON5_PRESSED;
#endif
    mousemask(mask, NULL);
    mouseinterval(0);
}

int cnc_read_mouse(int *x, int *y, int *kind, int *modifiers) {
    MEVENT event;
    if (getmouse(&event) != OK) return -1;
    *x = event.x;
    *y = event.y;
    mmask_t b = event.bstate;
    int k = CNC_MOUSE_NONE;
    if (b & BUTTON1_PRESSED) k = CNC_MOUSE_LEFT_PRESS;
    else if (b & BUTTON1_RELEASED) k = CNC_MOUSE_LEFT_RELEASE;
    else if (b & BUTTON2_PRESSED) k = CNC_MOUSE_MIDDLE_PRESS;
    else if (b & BUTTON2_RELEASED) k = CNC_MOUSE_MIDDLE_RELEASE;
    else if (b & BUTTON3_PRESSED) k = CNC_MOUSE_RIGHT_PRESS;
    else if (b & BUTTON3_RELEASED) k = CNC_MOUSE_RIGHT_RELEASE;
    else if (b & BUTTON4_PRESSED) k = CNC_MOUSE_WHEEL_UP;
#ifdef BUTTON5_PRESSED
    else if (b & BUTTON5_PRESSED) k = CNC_MOUSE_WHEEL_DOWN;
#endif
    else if (b & BUTTON1_CLICKED) k = CNC_MOUSE_LEFT_PRESS;
    *kind = k;
    int m = 0;
    if (b & BUTTON_SHIFT) m |= CNC_MOD_SHIFT;
    if (b & BUTTON_CTRL) m |= CNC_MOD_CTRL;
    if (b & BUTTON_ALT) m |= CNC_MOD_ALT;
    *modifiers = m;
    return 0;
}

/* ---- signals ---------------------------------------------------------------------- */

static int notify_descriptor = -1;
static char leave_text[128];
static struct termios original_mode;
static int have_original_mode = 0;

static const int terminating_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE};
#define TERMINATING_COUNT (sizeof terminating_signals / sizeof terminating_signals[0])
static struct sigaction previous_terminating[TERMINATING_COUNT];
static struct sigaction previous_winch, previous_tstp;
static int handlers_installed = 0;

void cnc_save_original_mode(void) {
    if (tcgetattr(STDIN_FILENO, &original_mode) == 0) have_original_mode = 1;
}

static void write_all(int fd, const char *text, size_t length) {
    while (length > 0) {
        ssize_t n = write(fd, text, length);
        if (n <= 0) {
            if (n < 0 && errno == EINTR) continue;
            return;
        }
        text += n;
        length -= (size_t)n;
    }
}

/* Leaves the alternate screen and restores cooked mode using only async-signal-safe calls. */
static void restore_terminal_now(void) {
    write_all(STDOUT_FILENO, leave_text, strlen(leave_text));
    static const char reset[] = "\033[?1000l\033[?1002l\033[?1006l\033[0m\033[?25h\033[?1049l";
    write_all(STDOUT_FILENO, reset, sizeof reset - 1);
    if (have_original_mode) tcsetattr(STDIN_FILENO, TCSAFLUSH, &original_mode);
}

static void notify(char byte) {
    if (notify_descriptor >= 0) {
        int saved = errno;
        ssize_t ignored = write(notify_descriptor, &byte, 1);
        (void)ignored;
        errno = saved;
    }
}

static void on_winch(int sig) {
    (void)sig;
    notify('W');
}

static void on_terminate(int sig) {
    restore_terminal_now();
    for (size_t i = 0; i < TERMINATING_COUNT; i++) {
        if (terminating_signals[i] == sig) {
            sigaction(sig, &previous_terminating[i], NULL);
            break;
        }
    }
    raise(sig);
}

static void on_tstp(int sig);

static void install_tstp(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_tstp;
    sigemptyset(&action.sa_mask);
    sigaction(SIGTSTP, &action, NULL);
}

static void on_tstp(int sig) {
    int saved = errno;
    restore_terminal_now();
    signal(SIGTSTP, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTSTP);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
    /* Resumed (SIGCONT): ask the program to take the terminal again. */
    install_tstp();
    notify('C');
    errno = saved;
}

void cnc_install_signal_handlers(int notify_fd, const char *leave_sequence) {
    notify_descriptor = notify_fd;
    strncpy(leave_text, leave_sequence ? leave_sequence : "", sizeof leave_text - 1);
    leave_text[sizeof leave_text - 1] = 0;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_handler = on_winch;
    action.sa_flags = SA_RESTART;
    sigaction(SIGWINCH, &action, &previous_winch);
    action.sa_flags = 0;
    action.sa_handler = on_terminate;
    for (size_t i = 0; i < TERMINATING_COUNT; i++) {
        sigaction(terminating_signals[i], &action, &previous_terminating[i]);
    }
    sigaction(SIGTSTP, NULL, &previous_tstp);
    install_tstp();
    /* A parent may have started us with these blocked (a test harness, some launchers); they must arrive. */
    sigset_t handled;
    sigemptyset(&handled);
    sigaddset(&handled, SIGWINCH);
    sigaddset(&handled, SIGTSTP);
    sigaddset(&handled, SIGCONT);
    for (size_t i = 0; i < TERMINATING_COUNT; i++) sigaddset(&handled, terminating_signals[i]);
    sigprocmask(SIG_UNBLOCK, &handled, NULL);
    handlers_installed = 1;
}

void cnc_lend_terminal_signals(void) {
    if (!handlers_installed) return;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_handler = SIG_IGN;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGQUIT, &action, NULL);
    action.sa_handler = SIG_DFL;
    sigaction(SIGTSTP, &action, NULL);
}

void cnc_take_back_terminal_signals(void) {
    if (!handlers_installed) return;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_handler = on_terminate;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGQUIT, &action, NULL);
    install_tstp();
}

void cnc_hang_up(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGHUP);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(SIGHUP);
}

void cnc_remove_signal_handlers(void) {
    if (!handlers_installed) return;
    sigaction(SIGWINCH, &previous_winch, NULL);
    sigaction(SIGTSTP, &previous_tstp, NULL);
    for (size_t i = 0; i < TERMINATING_COUNT; i++) {
        sigaction(terminating_signals[i], &previous_terminating[i], NULL);
    }
    notify_descriptor = -1;
    handlers_installed = 0;
}

int cnc_window_size(int *rows, int *cols) {
    struct winsize size;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return -1;
    *rows = size.ws_row;
    *cols = size.ws_col;
    return 0;
}

int cnc_wcwidth(wchar_t ch) { return wcwidth(ch); }
