// SPDX-License-Identifier: GPL-3.0-or-later

/// The CSS of every HTML page iconaudit writes, in this one file: the audit report's (`report`),
/// and the one-table pages of `drift` and `history`, which share one base (`summaryPage`).
/// Colours are custom properties with a dark set under `prefers-color-scheme: dark`.
enum HTMLStylesheet {
  /// The audit report's CSS (`HTMLReportWriter`). The iOS bar previews keep their own light and
  /// dark colours whatever the page's theme (iOS system colours: tint #007AFF / #0A84FF, gray
  /// #8E8E93).
  static let report = """

    :root{color-scheme:light dark;
    --bg:#f2f2f7;--panel:#fff;--text:#1d1d1f;--muted:#6e6e73;--line:#e5e5ea;--line-strong:#c7c7cc;
    --error:#d70015;--warning:#c25e00;--info:#0071e3;--ok:#1f8a3b;--error-bg:#fff0f0;--warning-bg:#fff6e8;--info-bg:#eef5ff;
    --stage:#fbfbfd;--grid:rgba(0,0,0,.05);--glyph:#c4c4cb;
    --ov-extent:#0a84ff;--ov-hull:#a445d8;--ov-guide:#8e8e93;--ov-optical:#ff2d55;
    --band:rgba(52,199,89,.20);--median:#248a3d;
    --k0:#5856d6;--k1:#32ade6;--k2:#34c759;--k3:#ff9500;--k4:#ff3b30;
    --sans:-apple-system,BlinkMacSystemFont,"SF Pro Text","Segoe UI",Roboto,"Helvetica Neue","Noto Sans","DejaVu Sans",Arial,sans-serif;
    --mono:ui-monospace,SFMono-Regular,Menlo,Consolas,"DejaVu Sans Mono",monospace}
    @media (prefers-color-scheme:dark){:root{
    --bg:#000;--panel:#1c1c1e;--text:#f5f5f7;--muted:#98989d;--line:#2c2c2e;--line-strong:#48484a;
    --error:#ff453a;--warning:#ff9f0a;--info:#0a84ff;--ok:#30d158;--error-bg:rgba(255,69,58,.14);--warning-bg:rgba(255,159,10,.14);--info-bg:rgba(10,132,255,.14);
    --stage:#101012;--grid:rgba(255,255,255,.055);--glyph:#505057;
    --ov-extent:#409cff;--ov-hull:#d38bff;--ov-guide:#8e8e93;--ov-optical:#ff375f;
    --band:rgba(48,209,88,.20);--median:#30d158}}
    *{box-sizing:border-box}
    html{-webkit-text-size-adjust:100%}
    body{margin:0;background:var(--bg);color:var(--text);font:14px/1.45 var(--sans)}
    a{color:inherit}
    code,pre{font-family:var(--mono);font-size:12px}
    pre{margin:0;white-space:pre-wrap;word-break:break-word}
    .muted{color:var(--muted)}
    .wrap{max-width:1240px;margin:0 auto;padding:0 24px}
    main{max-width:1240px;margin:0 auto;padding:4px 24px 8px}
    header.top{background:var(--panel);border-bottom:1px solid var(--line)}
    .brand{display:flex;align-items:center;gap:12px;padding-top:22px}
    .logo{width:30px;height:30px;border-radius:8px;background:linear-gradient(135deg,#0a84ff,#5e5ce6);position:relative;flex:none}
    .logo::after{content:"";position:absolute;inset:8px;border:2px solid #fff;border-radius:50%}
    h1{font-size:26px;line-height:1.2;margin:0;letter-spacing:-.02em}
    h1 .label{font-weight:500;color:var(--muted)}
    .version{margin-left:auto;color:var(--muted);font-size:12px;font-family:var(--mono)}
    .summary{display:flex;flex-wrap:wrap;gap:16px 40px;align-items:flex-start;margin:18px 0 4px}
    .stats{display:flex;gap:10px;flex-wrap:wrap}
    .stat{min-width:104px;padding:10px 14px;border-radius:12px;background:var(--bg);display:flex;flex-direction:column;text-decoration:none;color:inherit}
    .stat b{font-size:26px;line-height:1.1;font-variant-numeric:tabular-nums;font-weight:650}
    .stat span{font-size:12px;color:var(--muted)}
    .scope{flex-basis:100%;margin:0;color:var(--muted);font-size:13px;max-width:110ch}
    .stat.error:not(.zero){background:var(--error-bg)}.stat.error:not(.zero) b{color:var(--error)}
    .stat.warning:not(.zero){background:var(--warning-bg)}.stat.warning:not(.zero) b{color:var(--warning)}
    .stat.info:not(.zero) b{color:var(--info)}
    .stat.zero b{color:var(--muted)}
    table.families{border-collapse:collapse;margin:0;font-size:13px}
    table.families th{font-size:11px;text-transform:uppercase;letter-spacing:.05em;color:var(--muted);font-weight:600;text-align:left;padding:4px 16px 4px 0}
    table.families td{padding:5px 16px 5px 0;border-top:1px solid var(--line)}
    table.families a{font-weight:600;text-decoration:none}
    .num{text-align:right;font-variant-numeric:tabular-nums}
    .toc{display:flex;gap:6px;flex-wrap:wrap;padding:12px 0 16px}
    .toc a{font-size:12px;text-decoration:none;padding:4px 10px;border-radius:999px;background:var(--bg);color:var(--muted)}
    .toc a:hover{color:var(--text)}
    .score{display:inline-flex;align-items:center;gap:8px;white-space:nowrap}
    .score b{font-variant-numeric:tabular-nums;min-width:2ch;text-align:right}
    .meter{width:72px;height:6px;border-radius:3px;background:var(--line);overflow:hidden;display:inline-block}
    .meter span{display:block;height:100%;background:currentColor;border-radius:3px}
    .score.good{color:var(--ok)}.score.fair{color:var(--warning)}.score.poor{color:var(--error)}
    .sev-error-text{color:var(--error)}.sev-warning-text{color:var(--warning)}.sev-info-text{color:var(--info)}
    .panel{background:var(--panel);border-radius:18px;padding:22px 26px 24px;margin:20px 0;border:1px solid var(--line)}
    .panel h2{font-size:21px;letter-spacing:-.01em;margin:0}
    .panel h3{font-size:15px;margin:26px 0 4px}
    .count{font-size:13px;font-weight:600;color:var(--muted);background:var(--bg);padding:2px 8px;border-radius:999px;vertical-align:middle}
    .lede{color:var(--muted);font-size:13px;margin:0 0 12px;max-width:110ch}
    .family-head{display:flex;align-items:center;gap:16px;flex-wrap:wrap}
    .family-head .meta{display:flex;align-items:center;gap:14px;color:var(--muted);font-size:13px;flex-wrap:wrap}
    .groups{margin:8px 0 0;font-size:13px;color:var(--muted);display:flex;gap:18px;flex-wrap:wrap}
    .groups b{color:var(--text);font-weight:600}
    .chip{display:inline-block;font-size:10px;line-height:16px;padding:0 6px;border-radius:999px;border:1px solid var(--line-strong);color:var(--muted);margin-left:6px;white-space:nowrap;vertical-align:middle;font-weight:500}
    .g{display:inline-block;vertical-align:middle;flex:none;background-color:currentColor;
    -webkit-mask-image:var(--m);mask-image:var(--m);-webkit-mask-size:100% 100%;mask-size:100% 100%;
    -webkit-mask-repeat:no-repeat;mask-repeat:no-repeat;-webkit-mask-position:0 0;mask-position:0 0}
    .g.missing{background:none;border:1px dashed var(--line-strong)}
    .thumb{display:inline-flex;align-items:center;justify-content:center;flex:none;color:var(--text)}
    .bars{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
    .device{border-radius:16px;padding:12px 16px 12px;max-width:100%;overflow-x:auto;flex:none}
    .family:has(.toggle-zoom:checked) .tabbar,.family:has(.toggle-zoom:checked) .toolbar{zoom:2}
    .device.light{background:#e9e9ee;color:#000}
    .device.dark{background:#0b0b0c;color:#fff;box-shadow:inset 0 0 0 1px #2c2c2e}
    .device .theme{margin:0;font-size:12px;font-weight:600;color:#8e8e93}
    .device .kind{margin:10px 0 5px;font-size:10px;letter-spacing:.06em;text-transform:uppercase;color:#8e8e93}
    .device .kind span{text-transform:none;letter-spacing:0}
    .device details summary{cursor:pointer;font-size:11px;color:#8e8e93;margin:2px 0 6px}
    .tabbar,.toolbar{display:flex;width:390px;margin:0 0 6px;font-family:-apple-system,BlinkMacSystemFont,"SF Pro Text","Helvetica Neue",var(--sans)}
    .tabbar{min-height:49px;background:rgba(249,249,249,.96);box-shadow:0 -.5px 0 rgba(60,60,67,.29);align-items:stretch}
    .toolwrap{margin:0 0 6px}
    .toolwrap .toolbar{margin:0}
    .toolbar{display:grid;height:44px;background:rgba(249,249,249,.96);box-shadow:0 -.5px 0 rgba(60,60,67,.29);justify-items:center;align-items:center;color:#007aff;padding:0 4px}
    .captions{display:grid;width:390px;padding:2px 4px 0;font-size:10px;line-height:12px;color:#8e8e93;text-align:center}
    .captions span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;padding:0 1px}
    .family:has(.toggle-zoom:checked) .captions{zoom:2}
    .device.dark .tabbar,.device.dark .toolbar{background:#161617;box-shadow:0 -.5px 0 rgba(84,84,88,.65)}
    .device.dark .toolbar{color:#0a84ff}
    .tab{flex:1 1 0;min-width:0;display:flex;flex-direction:column;align-items:center;padding:1px 2px 3px;color:#8e8e93;text-decoration:none}
    .tab.sel{color:#007aff}.device.dark .tab.sel{color:#0a84ff}
    .tab .slot{min-height:30px;display:flex;align-items:center;justify-content:center}
    .slot .g:not([style]),.tool .g:not([style]){width:var(--gw);height:var(--gh)}
    .device .more{margin:0 0 6px;font-size:11px;color:#8e8e93}
    .tab .title{font-size:10px;line-height:12px;font-weight:500;letter-spacing:.01em;max-width:100%;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
    .tool{display:flex;align-items:center;justify-content:center;min-width:44px;height:44px;color:inherit}
    .tab:focus-visible,.tool:focus-visible{outline:2px solid #0a84ff;outline-offset:-2px;border-radius:6px}
    .scroll{overflow-x:auto}
    table.chart{border-collapse:collapse;width:100%;font-size:13px}
    table.chart th{text-align:left;vertical-align:bottom;font-weight:600;padding:0 6px 4px;white-space:nowrap}
    table.chart th small{color:var(--muted);font-weight:400}
    table.chart th svg{display:block;margin-top:2px}
    table.chart th.sortable{cursor:pointer}
    table.chart th[data-dir=asc]::before{content:"▲ ";font-size:9px;color:var(--muted)}
    table.chart th[data-dir=desc]::before{content:"▼ ";font-size:9px;color:var(--muted)}
    table.chart td{padding:1px 6px;border-top:1px solid var(--line);vertical-align:middle}
    table.chart td.who{white-space:nowrap}
    td.who>div{display:flex;align-items:center;max-width:250px;overflow:hidden}
    td.who a,.finding .who{display:inline-flex;align-items:center;gap:8px;text-decoration:none}
    td.who a:hover span{text-decoration:underline}
    tr.secondary td.who a{padding-left:14px}
    tr.secondary td.who{color:var(--muted)}
    td.plot{width:180px;min-width:180px;padding:0;position:relative;background:linear-gradient(var(--line-strong),var(--line-strong)) no-repeat 8px 50%/164px 1px}
    td.val{white-space:nowrap;text-align:right;font-variant-numeric:tabular-nums;font-size:12px;padding-right:18px;min-width:84px}
    td.val small{color:var(--muted);margin-left:6px;font-size:11px}
    td.val.error{color:var(--error);font-weight:600}td.val.warning{color:var(--warning);font-weight:600}
    .dot{stroke:var(--panel);stroke-width:1.5}
    .dot.plain{fill:var(--text)}.dot.error{fill:var(--error)}.dot.warning{fill:var(--warning)}
    .dot.exempt{fill:var(--panel);stroke:var(--muted);stroke-width:1.5}
    .dot.secondary.plain{fill:var(--muted)}
    .l-band{fill:var(--band)}.l-median{stroke:var(--median);stroke-width:1.5}
    .axis line{stroke:var(--line-strong)}
    .axis text{fill:var(--muted);font-size:10px;font-family:var(--sans);font-weight:400}
    .legend{display:flex;flex-wrap:wrap;gap:6px 16px;align-items:center;font-size:12px;color:var(--muted);margin:0 0 6px}
    .legend>span,.legend .bins>span{display:inline-flex;align-items:center;gap:5px}
    .legend .bins{display:inline-flex;flex-wrap:wrap;gap:4px 12px;align-items:center}
    .legend svg{flex:none;overflow:visible}
    .l-extent{fill:none;stroke:var(--ov-extent);stroke-width:1.5;stroke-dasharray:4 2}
    .l-hull{fill:var(--ov-hull);fill-opacity:.12;stroke:var(--ov-hull);stroke-width:1.5}
    .l-guide{stroke:var(--ov-guide);stroke-dasharray:2 2;fill:none}
    .l-optical{fill:var(--ov-optical);stroke:var(--panel);stroke-width:1.5}
    .k0{fill:var(--k0)}.k1{fill:var(--k1)}.k2{fill:var(--k2)}.k3{fill:var(--k3)}.k4{fill:var(--k4)}
    .toggles{display:flex;gap:18px;align-items:center;font-size:12px;margin:6px 0 12px;color:var(--muted)}
    .toggles label{display:inline-flex;gap:6px;align-items:center;cursor:pointer}
    .family:has(.toggle-ov:not(:checked)) .ov{display:none}
    .family:has(.toggle-ov:not(:checked)) .stage .g{color:var(--text)}
    .family:has(.toggle-issues:checked) .card.sev-ok{display:none}
    .cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(196px,1fr));gap:14px}
    .card{background:var(--panel);border:1px solid var(--line);border-radius:14px;overflow:hidden;display:flex;flex-direction:column;scroll-margin-top:96px}
    .card:target{box-shadow:0 0 0 3px var(--info)}
    .card.sev-error{border-color:var(--error);box-shadow:0 0 0 1px var(--error)}
    .card.sev-warning{border-color:var(--warning);box-shadow:0 0 0 1px var(--warning)}
    .card.sev-info{border-color:var(--info)}
    .card.sev-error .card-body{background:linear-gradient(var(--error-bg),transparent 60px)}
    .card.sev-warning .card-body{background:linear-gradient(var(--warning-bg),transparent 60px)}
    .stage{position:relative;margin:14px auto 12px;flex:none;background-color:var(--stage);
    background-image:linear-gradient(to right,var(--grid) 1px,transparent 1px),linear-gradient(to bottom,var(--grid) 1px,transparent 1px);
    box-shadow:0 0 0 1px var(--line-strong)}
    .stage .g{position:absolute;left:0;top:0;color:var(--glyph)}
    .stage.pixelated .g{image-rendering:pixelated}
    .stage .ov{position:absolute;left:0;top:0;width:100%;height:100%;overflow:visible}
    .ov *{vector-effect:non-scaling-stroke}
    .ov .guide{stroke:var(--ov-guide);stroke-width:1;stroke-dasharray:3 3;fill:none;opacity:.8}
    .ov .hull{fill:var(--ov-hull);fill-opacity:.06;stroke:var(--ov-hull);stroke-width:1.25;stroke-linejoin:round}
    .ov .extent{fill:none;stroke:var(--ov-extent);stroke-width:1.25;stroke-dasharray:5 3}
    .ov .faded{opacity:.35}
    .ov .offset{stroke:var(--ov-optical);stroke-width:1.5;fill:none}
    .ov .optical{fill:var(--ov-optical);stroke:var(--stage);stroke-width:1.5}
    .card-body{padding:10px 14px 14px;border-top:1px solid var(--line);flex:1}
    .card h4{margin:0;font-size:14px;overflow-wrap:anywhere}
    .card .path{margin:0 0 8px;font:11px/1.3 var(--mono);color:var(--muted);overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
    dl.figures{display:grid;grid-template-columns:1fr 1fr;gap:0 10px;margin:0;font-size:12px}
    dl.figures dt{font-size:10px;text-transform:uppercase;letter-spacing:.05em;color:var(--muted);margin-top:4px;min-width:0}
    dl.figures dd{margin:0;font-variant-numeric:tabular-nums;min-width:0;overflow-wrap:break-word}
    dl.figures :is(dt,dd):nth-of-type(odd){grid-column:1}dl.figures :is(dt,dd):nth-of-type(even){grid-column:2}
    dl.figures dt:nth-of-type(-n+2){grid-row:1}dl.figures dd:nth-of-type(-n+2){grid-row:2}
    dl.figures dt:nth-of-type(n+3):nth-of-type(-n+4){grid-row:3}dl.figures dd:nth-of-type(n+3):nth-of-type(-n+4){grid-row:4}
    dl.figures dt:nth-of-type(n+5):nth-of-type(-n+6){grid-row:5}dl.figures dd:nth-of-type(n+5):nth-of-type(-n+6){grid-row:6}
    dl.figures dt:nth-of-type(n+7){grid-row:7}dl.figures dd:nth-of-type(n+7){grid-row:8}
    dl.figures small{color:var(--muted);font-size:11px}
    dl.figures small.sev-error-text{color:var(--error);font-weight:700}dl.figures small.sev-warning-text{color:var(--warning);font-weight:700}
    ul.tags{list-style:none;padding:0;margin:10px 0 0;display:flex;flex-wrap:wrap;gap:4px}
    .tag{display:inline-block;font-size:11px;line-height:18px;padding:0 8px;border-radius:999px;text-decoration:none;font-weight:600}
    .tag.sev-error{background:var(--error);color:#fff}
    .tag.sev-warning{background:var(--warning);color:#fff}
    @media (prefers-color-scheme:dark){.tag.sev-error,.tag.sev-warning{color:#000}}
    .tag.sev-info{background:var(--info-bg);color:var(--info)}
    #findings .all-clear{margin:12px 0 0;color:var(--ok);font-weight:600}
    .rule{border-top:1px solid var(--line);padding:18px 0 6px;margin-top:14px;scroll-margin-top:96px}
    .rule header{display:flex;align-items:baseline;gap:10px;flex-wrap:wrap}
    .rule h3{margin:0;font-size:16px}
    .rule header code{color:var(--muted)}
    .rule .counts{margin-left:auto;font-size:12px;font-weight:600}
    .rationale{color:var(--muted);font-size:13px;max-width:110ch;margin:6px 0 12px}
    details.reasoning{color:var(--muted);font-size:13px;max-width:110ch;margin:-6px 0 12px}
    details.reasoning>summary{cursor:pointer;width:max-content}
    ol.findings{list-style:none;padding:0;margin:0;display:grid;gap:8px}
    .finding{display:grid;grid-template-columns:64px minmax(120px,180px) 1fr;gap:14px;align-items:start;padding:10px 14px;border-radius:12px;background:var(--bg);border-left:4px solid var(--line-strong)}
    .finding.sev-error{border-left-color:var(--error)}.finding.sev-warning{border-left-color:var(--warning)}.finding.sev-info{border-left-color:var(--info)}
    .finding .sev{font-size:11px;font-weight:700;text-transform:uppercase;letter-spacing:.05em;padding-top:5px}
    .finding.sev-error .sev{color:var(--error)}.finding.sev-warning .sev{color:var(--warning)}.finding.sev-info .sev{color:var(--info)}
    .finding .who{font-weight:600;min-width:0;overflow-wrap:anywhere}
    .finding .who:hover span{text-decoration:underline}
    .finding .msg{margin:2px 0 4px}
    .finding .fix{margin:0 0 4px}
    .finding .fix b{font-size:10px;text-transform:uppercase;letter-spacing:.06em;color:var(--ok);margin-right:6px}
    .finding .where{margin:0;font-size:12px;color:var(--muted)}
    ul.unreadable{list-style:none;padding:0;margin:0;display:grid;gap:6px}
    ul.unreadable li{display:flex;gap:14px;padding:8px 12px;border-radius:10px;background:var(--error-bg);flex-wrap:wrap}
    ul.unreadable code{font-weight:600}
    footer{padding:8px 24px 40px;color:var(--muted);font-size:12px}
    footer dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0 0 10px}
    footer dt{font-weight:600;color:var(--text)}
    footer dd{margin:0}
    table.rules-summary td:first-child{padding-right:28px}
    .controls{position:sticky;top:0;z-index:5;background:color-mix(in srgb,var(--panel) 92%,transparent);backdrop-filter:blur(12px);-webkit-backdrop-filter:blur(12px);border-bottom:1px solid var(--line)}
    .controls .wrap{display:flex;flex-wrap:wrap;gap:8px 22px;align-items:center;padding-top:8px;padding-bottom:8px;font-size:12px;color:var(--muted)}
    .filters{display:flex;flex-wrap:wrap;gap:8px 14px;align-items:center}
    .filters[hidden]{display:none}
    .filters label,.view label{display:inline-flex;gap:6px;align-items:center}
    .filters input,.filters select,.filters button{font:inherit;color:var(--text);background:var(--bg);border:1px solid var(--line-strong);border-radius:8px;padding:4px 8px}
    .filters input{width:160px}
    .filters button{cursor:pointer}.filters .buttons{display:inline-flex;gap:6px}
    .matches{font-weight:600;color:var(--text)}
    .view{display:inline-flex;gap:12px;align-items:center;margin-left:auto}
    .view label{cursor:pointer;color:var(--text);font-weight:600}
    .filtered{display:none!important}
    details.family>summary{list-style:none;cursor:pointer;display:flex;align-items:center;gap:16px;flex-wrap:wrap}
    details.family>summary::-webkit-details-marker{display:none}
    details.family>summary::before{content:"";width:8px;height:8px;border-right:2px solid var(--muted);border-bottom:2px solid var(--muted);transform:rotate(-45deg);transition:transform .15s;flex:none;margin-right:-4px}
    details.family[open]>summary::before{transform:rotate(45deg)}
    details.family:not([open]){padding-bottom:22px}
    details.family,#findings,#unreadable,#not-audited{scroll-margin-top:84px}
    .card,.rule{content-visibility:auto;contain-intrinsic-size:auto 340px}
    .chart-wrap{content-visibility:auto;contain-intrinsic-size:auto 600px}
    body:has(#view-fixed:checked) .fx,.fx.fixed{transform:var(--fx)}
    body:has(#view-fixed:checked) .stage .ov{display:none}
    body:has(#view-fixed:checked) .stage .g{color:var(--text)}
    .slot,.tool,.stage{overflow:visible}
    .device .kind.fixed-kind{color:#248a3d}.device.dark .kind.fixed-kind{color:#30d158}
    .fixview{display:flex;flex-wrap:wrap;align-items:center;gap:4px 10px;margin:0 0 8px;padding:8px 10px;border-radius:10px;background:var(--bg)}
    .fixview figure{margin:0;display:flex;flex-direction:column;align-items:center;gap:3px}
    .fixview .tile{display:inline-flex;outline:1px dashed var(--line-strong);color:var(--text)}
    .fixview figcaption{font-size:10px;color:var(--muted)}
    .fixview .arrow{color:var(--muted)}
    .fixview p{flex-basis:100%;margin:0;font-size:11px;color:var(--muted)}
    .fixnote{margin:0 0 8px;font-size:11px;color:var(--muted)}.fixnote b{color:var(--text);margin-right:4px}
    td.plot{height:22px}
    td.plot b{position:absolute;top:5px;height:12px;border-radius:3px;background:var(--band)}
    .stage{width:var(--sw);height:var(--sh);background-size:var(--grid) var(--grid)}
    .stage .g{width:100%;height:100%}
    .thumb{width:20px;height:20px}.thumb.t28{width:28px;height:28px}.thumb .g:not([style]){width:100%;height:100%}
    td.plot u{position:absolute;top:3px;height:16px;width:1.5px;margin-left:-.75px;background:var(--median)}
    td.plot i{position:absolute;top:6px;width:10px;height:10px;margin-left:-5px;border-radius:50%;box-shadow:0 0 0 1.5px var(--panel)}
    td.plot i.plain{background:var(--text)}td.plot i.error{background:var(--error)}td.plot i.warning{background:var(--warning)}
    td.plot i.exempt{background:var(--panel);box-shadow:inset 0 0 0 1.5px var(--muted)}
    td.plot i.secondary{top:7.4px;width:7.2px;height:7.2px;margin-left:-3.6px}td.plot i.secondary.plain{background:var(--muted)}
    td.plot i.off{top:6px;width:0;height:0;margin:0;border-radius:0;background:none!important;box-shadow:none;border:5px solid transparent;color:var(--muted)}
    td.plot i.off.error{color:var(--error)}td.plot i.off.warning{color:var(--warning)}
    td.plot i.off.lo{left:1px;border-left:0;border-right:7px solid}td.plot i.off.hi{right:1px;border-right:0;border-left:7px solid}
    .ov .dots *{vector-effect:none;fill:none;stroke-linecap:round}
    .ov .dots .k0{stroke:var(--k0)}.ov .dots .k1{stroke:var(--k1)}.ov .dots .k2{stroke:var(--k2)}.ov .dots .k3{stroke:var(--k3)}.ov .dots .k4{stroke:var(--k4)}
    @media (max-width:720px){.finding{grid-template-columns:1fr}.wrap,main{padding:0 12px}.panel{padding:16px}}
    @media print{.toggles,.toc,.controls{display:none}.panel{break-inside:avoid-page}.card,.rule,.chart-wrap{content-visibility:visible}}

    """

  /// The drift page's CSS (`DriftWriter.html`): the base, the thumbnails' ink, new findings in
  /// red and fixed ones in green.
  static let drift = summaryPage(
    light: "--ink: #1d1d1f; --new: #d70015; --fixed: #248a3d;",
    dark: "--ink: #f5f5f7; --new: #ff6961; --fixed: #30d158;",
    cells: " vertical-align: middle;",
    rules: [
      "th { color: var(--muted); font-weight: 600; } .score { font-size: 1.3rem; } li.new { color: var(--new); } li.fixed { color: var(--fixed); }",
      "svg.thumb { width: 40px; height: 40px; } svg.thumb rect { fill: var(--ink); }",
    ])

  /// The history page's CSS (`HistoryWriter.html`): the base, the consistency chart and the icon table.
  static let history = summaryPage(
    light: "--accent: #007aff;",
    dark: "--accent: #0a84ff;",
    rules: [
      "th { color: var(--muted); } svg { width: 100%; max-width: 640px; }",
      ".grid { stroke: var(--line); } .axis { fill: var(--muted); font-size: 11px; } .score { fill: none; stroke: var(--accent); stroke-width: 2.5; } .dot { fill: var(--accent); }",
      ".icons td { white-space: nowrap; font-variant-numeric: tabular-nums; } mark { background: var(--accent); color: #fff; padding: 0 3px; border-radius: 3px; }",
    ])

  /// The base of the drift and history pages: the palette (light and dark), the body and the
  /// table; `light` and `dark` add the page's own colours, `cells` adds to the `td, th` rule,
  /// and `rules` follow, one a line. Every line ends with a line feed.
  private static func summaryPage(light: String, dark: String, cells: String = "", rules: [String]) -> String {
    """
    :root { color-scheme: light dark; --fg: #1d1d1f; --bg: #fff; --muted: #6e6e73; --line: #d2d2d7; \(light) }
    @media (prefers-color-scheme: dark) { :root { --fg: #f5f5f7; --bg: #1c1c1e; --muted: #a1a1a6; --line: #3a3a3c; \(dark) } }
    body { font: 15px/1.45 -apple-system, system-ui, sans-serif; color: var(--fg); background: var(--bg); margin: 2rem auto; max-width: 60rem; padding: 0 1rem; }
    table { border-collapse: collapse; width: 100%; } td, th { border-bottom: 1px solid var(--line); padding: .4rem .6rem; text-align: left;\(cells) }

    """ + rules.map { $0 + "\n" }.joined()
  }
}
