#ifndef CNCURSES_H
#define CNCURSES_H

/* Wide-character ncurses: these must come before the header (SwiftPM drops pkg-config's -D flags). */
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <ncursesw/curses.h>
#include <wchar.h>

/* Starts ncurses on the process's standard output and input without exiting on failure
   (unlike initscr); returns NULL when the terminal type is unknown. */
SCREEN *cnc_newterm(void);
/* 1 when the terminal set up by cnc_newterm can move the cursor to a place (terminfo's cup), else 0. */
int cnc_can_address_cursor(void);
/* Flushes the C standard output stream. */
void cnc_flush_stdout(void);

/* Globals Swift 6 cannot touch directly. */
WINDOW *cnc_stdscr(void);
WINDOW *cnc_curscr(void);
int cnc_colors(void);
int cnc_color_pairs(void);
int cnc_lines(void);
int cnc_cols(void);

/* Attribute macros. */
attr_t cnc_attr_bold(void);
attr_t cnc_attr_dim(void);
attr_t cnc_attr_italic(void);
attr_t cnc_attr_underline(void);
attr_t cnc_attr_reverse(void);

/* Puts one cell: a spacing character plus up to four combining ones (count <= 5), with
   attributes and an (extended) color pair. Returns OK or ERR. */
int cnc_put_cell(int y, int x, const wchar_t *chars, int count, attr_t attrs, int pair);

/* Reads one key: returns OK with *ch a character, KEY_CODE_YES with *ch a key code, or ERR. */
int cnc_get_wch(wint_t *ch);

/* Defines a color pair (extended range when available). */
int cnc_init_pair(int pair, int fg, int bg);

/* Enables press/release of buttons 1-3 and the wheel (buttons 4 and 5). */
void cnc_enable_mouse(void);

/* Kinds reported by cnc_read_mouse. */
enum {
    CNC_MOUSE_NONE = 0,
    CNC_MOUSE_LEFT_PRESS = 1, CNC_MOUSE_LEFT_RELEASE = 2,
    CNC_MOUSE_MIDDLE_PRESS = 3, CNC_MOUSE_MIDDLE_RELEASE = 4,
    CNC_MOUSE_RIGHT_PRESS = 5, CNC_MOUSE_RIGHT_RELEASE = 6,
    CNC_MOUSE_WHEEL_UP = 7, CNC_MOUSE_WHEEL_DOWN = 8
};
/* Modifier bits reported by cnc_read_mouse. */
enum { CNC_MOD_SHIFT = 1, CNC_MOD_CTRL = 2, CNC_MOD_ALT = 4 };

/* After KEY_MOUSE: fills position, kind and modifiers; returns 0 on success, -1 otherwise. */
int cnc_read_mouse(int *x, int *y, int *kind, int *modifiers);

/* Signal handling. SIGWINCH writes 'W' to notify_fd. SIGINT, SIGTERM, SIGHUP and crash
   signals restore the terminal, then take their previous action. SIGTSTP restores the
   terminal, stops, and on resume writes 'C' to notify_fd so the program can repaint.
   `leave_sequence` is written to the terminal before restoring (e.g. bracketed paste off). */
void cnc_install_signal_handlers(int notify_fd, const char *leave_sequence);
/* Ends the process as a hang-up of the terminal would: restores the terminal, then dies of SIGHUP. */
void cnc_hang_up(void);
/* While another program (an editor) has the terminal: Ctrl+C and Ctrl+\ are its alone (ignored here),
   and Ctrl+Z stops this process with it like any foreground job instead of restoring the terminal. */
void cnc_lend_terminal_signals(void);
/* Puts back this program's Ctrl+C, Ctrl+\ and Ctrl+Z handlers after cnc_lend_terminal_signals. */
void cnc_take_back_terminal_signals(void);
/* Puts back the handlers that were there before cnc_install_signal_handlers. */
void cnc_remove_signal_handlers(void);

/* Saves the terminal mode before ncurses starts, for last-resort restoring. */
void cnc_save_original_mode(void);

/* Terminal size from the kernel (TIOCGWINSZ on stdout); returns 0 on success. */
int cnc_window_size(int *rows, int *cols);

/* libc's idea of a character's width (wcwidth), which is what ncurses uses. */
int cnc_wcwidth(wchar_t ch);

#endif
