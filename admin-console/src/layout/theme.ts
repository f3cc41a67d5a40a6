import { defaultTheme, type RaThemeOptions } from 'react-admin';

const VIOLET = '#6d28d9';
const INK = '#1c1630';
const LINE = '#e6e3ef';
const MUTED = '#5f5a73';

/** react-admin's Material UI theme in the product's colours; system fonts only (no CDN). */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: VIOLET, light: '#8b5cf6', dark: '#5b21b6', contrastText: '#fff' },
    secondary: { main: INK, contrastText: '#fff' },
    success: { main: '#15803d' },
    warning: { main: '#b45309' },
    error: { main: '#b91c1c' },
    info: { main: '#0369a1' },
    background: { default: '#f7f6fb', paper: '#fff' },
    text: { primary: INK, secondary: MUTED },
    divider: LINE,
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h5: { fontWeight: 700, letterSpacing: '-0.01em' },
    h6: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
    overline: { fontWeight: 700, letterSpacing: '0.08em' },
  },
  sidebar: { width: 232, closedWidth: 56 },
  components: {
    ...defaultTheme.components,
    MuiAppBar: {
      styleOverrides: {
        root: { backgroundColor: '#fff', color: INK, boxShadow: 'none', borderBottom: `1px solid ${LINE}` },
      },
    },
    MuiPaper: { styleOverrides: { outlined: { borderColor: LINE } } },
    MuiCard: { styleOverrides: { root: { borderColor: LINE } } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600, fontSize: '0.95rem' } } },
    MuiChip: { styleOverrides: { root: { fontWeight: 500 } } },
    MuiSnackbar: { defaultProps: { anchorOrigin: { vertical: 'bottom', horizontal: 'center' } } },
    RaMenuItemLink: {
      styleOverrides: {
        root: {
          margin: '2px 8px',
          borderRadius: 8,
          color: '#4b4660',
          '&.RaMenuItemLink-active': { color: VIOLET, backgroundColor: '#ede9fe', fontWeight: 600 },
          '&.RaMenuItemLink-active .RaMenuItemLink-icon': { color: VIOLET },
        },
      },
    },
    RaNotFound: {
      styleOverrides: {
        // react-admin fades the whole message to half opacity, below 4.5:1; the text keeps full
        // contrast in the console's own colours, only the picture stays faint.
        root: {
          '& .RaNotFound-message': { opacity: 1, fontFamily: 'inherit', color: MUTED },
          '& .RaNotFound-message h1': { color: INK },
          '& .RaNotFound-icon': { color: '#c9c4d8' },
        },
      },
    },
    // The app bar's spinner while any request is on its way: a progress bar needs a name (axe:
    // aria-progressbar-name); react-admin passes the indicator's other props to it.
    RaLoadingIndicator: { defaultProps: { 'aria-label': 'Loading' } as Record<string, string> },
    RaList: {
      styleOverrides: { root: { '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto' } } },
    },
    RaLayout: {
      styleOverrides: {
        // react-admin sizes the layout to its widest content (fit-content), which pushes a phone
        // page sideways; lists scroll inside their own card instead (RaList below).
        root: {
          minWidth: 0,
          '& .RaLayout-content': { minWidth: 0 },
          '@media (min-width: 600px)': { '& .RaLayout-content': { paddingLeft: 24, paddingRight: 24 } },
        },
      },
    },
  },
};
