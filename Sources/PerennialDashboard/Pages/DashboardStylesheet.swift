/// The dashboard's style: plain CSS, system fonts, colours that keep text at 4.5:1 contrast or more, a
/// visible focus ring, and layouts that fold to one column at phone widths.
enum DashboardStylesheet {
    static let text = """
    :root { --ink: #1b1f24; --muted: #4b5563; --line: #d5d9e0; --paper: #ffffff; --wash: #f4f6f8; --accent: #1d4ed8;
      --accent-ink: #ffffff; --bar: #111827; --good: #166534; --bad: #b91c1c; --warn-wash: #fef3c7; --focus: #f59e0b; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--wash); }
    a { color: var(--accent); }
    a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, [tabindex]:focus-visible {
      outline: 3px solid var(--focus); outline-offset: 2px; }
    .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    .skip { position: absolute; left: -999px; top: 0; background: var(--paper); padding: .5rem 1rem; }
    .skip:focus { left: .5rem; z-index: 10; }
    .bar { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1.5rem; padding: .6rem 1.25rem; background: var(--bar); color: #fff; }
    .bar a { color: #fff; text-decoration: none; }
    .bar a[aria-current] { text-decoration: underline; text-underline-offset: .35em; font-weight: 600; }
    .bar ul { display: flex; flex-wrap: wrap; gap: .25rem 1rem; list-style: none; margin: 0; padding: 0; }
    .brand { font-weight: 700; font-size: 1.1rem; }
    .apps { padding-left: 1rem; border-left: 1px solid #4b5563; }
    .who { margin-left: auto; display: flex; flex-wrap: wrap; align-items: center; gap: .5rem; font-size: .9rem; }
    .who form { display: inline; }
    button.link { background: none; border: 0; padding: 0; color: #fff; text-decoration: underline; cursor: pointer; font: inherit; }
    main { max-width: 1200px; margin: 0 auto; padding: 1.25rem; overflow-wrap: break-word; }
    main:focus { outline: none; }
    h1 { font-size: 1.6rem; margin: .25rem 0 1rem; overflow-wrap: anywhere; }
    h2 { font-size: 1.2rem; margin: 1.75rem 0 .75rem; }
    .narrow { max-width: 26rem; margin: 3rem auto; background: var(--paper); padding: 1.5rem; border: 1px solid var(--line); border-radius: 8px; }
    .stack { display: flex; flex-direction: column; gap: .35rem; }
    .stack button { margin-top: .75rem; }
    label { font-weight: 600; }
    input, select, textarea { font: inherit; padding: .45rem .6rem; border: 1px solid #6b7280; border-radius: 6px; background: var(--paper); color: var(--ink); }
    textarea { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .88rem; line-height: 1.4; }
    button, .button { font: inherit; padding: .5rem 1rem; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent);
      color: var(--accent-ink); cursor: pointer; text-decoration: none; display: inline-block; }
    button.secondary, .button.secondary { background: var(--paper); color: var(--accent); }
    button.danger { background: var(--bad); border-color: var(--bad); }
    .inline { display: flex; flex-wrap: wrap; align-items: end; gap: .75rem; }
    .inline div { display: flex; flex-direction: column; gap: .2rem; }
    .hint { color: var(--muted); font-size: .9rem; }
    .alert { background: #fee2e2; color: #7f1d1d; border: 1px solid #fca5a5; padding: .6rem .8rem; border-radius: 6px; }
    .notice { background: #dcfce7; color: #14532d; border: 1px solid #86efac; padding: .6rem .8rem; border-radius: 6px; }
    .card { background: var(--paper); border: 1px solid var(--line); border-radius: 8px; padding: 1rem 1.25rem; margin-bottom: 1rem; }
    .card > h2:first-child { margin-top: 0; }
    .figures { display: grid; grid-template-columns: repeat(auto-fill, minmax(13rem, 1fr)); gap: .75rem; margin: 0 0 1rem; padding: 0; list-style: none; }
    .figure { background: var(--paper); border: 1px solid var(--line); border-radius: 8px; padding: .8rem 1rem; min-width: 0; }
    .figure .hint, .figure a { display: block; }
    .figure .label { color: var(--muted); font-size: .9rem; display: block; }
    .figure .value { font-size: 1.55rem; font-weight: 650; display: block; font-variant-numeric: tabular-nums; }
    .figure a { font-size: .85rem; }
    .charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(22rem, 1fr)); gap: .75rem; }
    .chart { margin: 0; min-width: 0; }
    .chart figcaption { font-weight: 600; margin-bottom: .5rem; }
    .chart svg { width: 100%; height: auto; display: block; }
    .table-wrap { position: relative; overflow-x: auto; background: var(--paper); border: 1px solid var(--line); border-radius: 8px; }
    table { border-collapse: collapse; width: 100%; font-size: .95rem; }
    th, td { text-align: left; padding: .5rem .75rem; border-bottom: 1px solid var(--line); vertical-align: top; }
    th { background: #eef1f5; font-weight: 600; }
    td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
    td.nowrap { white-space: nowrap; }
    code, .id { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .88em; overflow-wrap: anywhere; }
    .badge { display: inline-block; padding: .05rem .5rem; border-radius: 999px; font-size: .8rem; font-weight: 600; background: #e5e7eb; color: var(--ink); }
    .badge.good { background: #dcfce7; color: var(--good); }
    .badge.bad { background: #fee2e2; color: var(--bad); }
    .timeline { list-style: none; margin: 0; padding: 0; }
    .timeline-entry { background: var(--paper); border: 1px solid var(--line); border-left: 4px solid var(--accent); border-radius: 6px;
      padding: .5rem .8rem; margin-bottom: .5rem; }
    .timeline-entry.fact { border-left-color: #6b7280; }
    .timeline-entry .what { font-weight: 600; }
    .timeline-entry .evidence { color: var(--muted); font-size: .9rem; }
    dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0; }
    dl.facts dt { color: var(--muted); }
    dl.facts dd { margin: 0; overflow-wrap: anywhere; }
    .heat td.none { background: var(--paper); }
    .heat-0 { background: #eff6ff; } .heat-1 { background: #dbeafe; } .heat-2 { background: #bfdbfe; }
    .heat-3 { background: #93c5fd; } .heat-4 { background: #60a5fa; }
    .heat-5 { background: #2563eb; color: #fff; } .heat-6 { background: #1d4ed8; color: #fff; } .heat-7 { background: #1e40af; color: #fff; }
    .heat-8 { background: #1e3a8a; color: #fff; } .heat-9 { background: #172554; color: #fff; }
    nav ul.inline { list-style: none; padding: 0; margin: 0 0 1rem; gap: .5rem 1.25rem; }
    .empty { background: var(--paper); border: 1px dashed #9ca3af; border-radius: 8px; padding: 1rem; color: var(--muted); }
    .pager { margin-top: .75rem; }
    ul.inline { list-style: none; padding: 0; }
    .previews { display: flex; flex-wrap: wrap; gap: 1.25rem; align-items: flex-start; }
    .preview { margin: 0; max-width: 100%; }
    .preview figcaption { font-weight: 600; margin-bottom: .5rem; }
    .preview iframe { border: 1px solid var(--line); border-radius: 12px; background: #fff; display: block; max-width: 100%; }
    .frame-wrap { width: 642px; max-width: 100%; height: 402px; overflow: auto; }
    .frame-wrap .scaled { width: 640px; height: 400px; overflow: hidden; }
    .frame-wrap iframe { transform: scale(.5); transform-origin: 0 0; max-width: none; border-radius: 0; }
    @media (max-width: 640px) {
      main { padding: .75rem; }
      .bar { padding: .5rem .75rem; }
      .apps { padding-left: 0; border-left: 0; }
      .who { margin-left: 0; }
      .figures { grid-template-columns: repeat(2, minmax(0, 1fr)); }
      .figure { padding: .6rem .7rem; }
      .figure .value { font-size: 1.2rem; }
      .charts { grid-template-columns: minmax(0, 1fr); }
      .inline { flex-direction: column; align-items: stretch; }
    }
    """
}
