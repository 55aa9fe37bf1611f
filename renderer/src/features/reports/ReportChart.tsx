import { useEffect, useRef, useState } from 'react';
import { BarChart, type BarSeriesOption } from 'echarts/charts';
import {
  AriaComponent,
  GridComponent,
  LegendComponent,
  type AriaComponentOption,
  type GridComponentOption,
  type LegendComponentOption,
} from 'echarts/components';
import { init, use as registerEcharts, type ComposeOption } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { Formatters } from '../../i18n/format';
import type { ReportChartData } from './reportTables';

// A section's chart with Apache ECharts, tree-shaken to what the Reports draw —
// bars, their grid and legend, the aria component (decal patterns on every series and a text
// description), the SVG renderer — and bundled into the Reports chunk only (this file is reached
// through the screen's dynamic import). No meaning by colour alone: bars carry their category on
// the axis and their value as a text label; two series differ by pattern (aria decals) and are
// named in the legend, whose keys show the patterns. The table beside the chart is the accessible
// version. Drawn without animation, so "drawn" is one frame: the container says `data-drawn` once
// ECharts reports `finished`.

registerEcharts([BarChart, GridComponent, LegendComponent, AriaComponent, SVGRenderer]);

type ChartOption = ComposeOption<BarSeriesOption | GridComponentOption | LegendComponentOption | AriaComponentOption>;

/** A theme colour (`--ink`…: light-dark() values) resolved against the element. */
function themeColour(el: HTMLElement, variable: string): string {
  const probe = document.createElement('span');
  probe.style.color = `var(${variable})`;
  el.append(probe);
  const colour = getComputedStyle(probe).color;
  probe.remove();
  return colour;
}

const BAR_PX = 30;

/** The chart's height: a horizontal bar chart grows with its bars; the hours chart is fixed. */
export function chartHeight(chart: ReportChartData): number {
  if (chart.orientation === 'vertical') return 300;
  return Math.max(140, chart.labels.length * BAR_PX * (chart.stacked ? 1 : chart.series.length) + (chart.series.length > 1 ? 70 : 40));
}

export function ReportChart({ chart, description, f, locale }: { chart: ReportChartData; description: string; f: Formatters; locale: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (el === null) return;
    setDrawn(false);
    const ink = themeColour(el, '--ink');
    const inkSoft = themeColour(el, '--ink-soft');
    const line = themeColour(el, '--line');
    const colours = [themeColour(el, '--accent'), inkSoft];
    const fontFamily = getComputedStyle(el).fontFamily;
    const compactMoney = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', notation: 'compact', maximumFractionDigits: 1 });
    const value = (n: number) => (chart.unit === 'money' ? f.money(n / 100) : f.number(chart.unit === 'quantity' ? n / 1000 : n));
    const axisValue = (n: number) => (chart.unit === 'money' ? compactMoney.format(n / 100) : f.number(chart.unit === 'quantity' ? n / 1000 : n));
    const horizontal = chart.orientation === 'horizontal';
    const two = chart.series.length > 1;
    const categoryAxis = {
      type: 'category' as const,
      data: chart.labels,
      inverse: horizontal,
      axisLabel: { color: ink, fontSize: 14, width: 170, overflow: 'truncate' as const, interval: 0 },
      axisLine: { lineStyle: { color: inkSoft } },
      axisTick: { show: false },
    };
    const valueAxis = {
      type: 'value' as const,
      // Counts are whole: no tick at 0.5.
      ...(chart.unit === 'count' ? { minInterval: 1 } : {}),
      axisLabel: { color: inkSoft, fontSize: 13, formatter: axisValue },
      splitLine: { lineStyle: { color: line } },
    };
    const option: ChartOption = {
      animation: false,
      aria: { enabled: true, label: { description }, decal: { show: true } },
      textStyle: { fontFamily, color: ink },
      ...(two ? { legend: { top: 0, left: 0, itemWidth: 34, itemHeight: 18, textStyle: { color: ink, fontSize: 14 } } } : {}),
      grid: { left: 4, right: horizontal ? 110 : 12, top: two ? 40 : 10, bottom: 4, containLabel: true },
      xAxis: horizontal ? valueAxis : categoryAxis,
      yAxis: horizontal ? categoryAxis : valueAxis,
      series: chart.series.map((series, i): BarSeriesOption => ({
        type: 'bar',
        name: series.name,
        data: series.values,
        barMaxWidth: 26,
        ...(chart.stacked ? { stack: 'all' } : {}),
        itemStyle: { color: colours[i % colours.length], borderColor: ink, borderWidth: 1 },
        // Values as text where there is room: at the end of each bar (the stack's last series at its end).
        label: {
          show: horizontal && (!chart.stacked || i === chart.series.length - 1),
          position: 'right',
          color: ink,
          fontSize: 14,
          formatter: (params) => {
            const index = params.dataIndex;
            const shown = chart.stacked ? chart.series.reduce((sum, s) => sum + (s.values[index] ?? 0), 0) : (series.values[index] ?? 0);
            return value(shown);
          },
        },
      })),
    };
    const instance = init(el, null, { renderer: 'svg' });
    instance.on('finished', () => setDrawn(true));
    instance.setOption(option);
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      instance.dispose();
    };
  }, [chart, description, f, locale]);

  return <div ref={ref} className="report-chart" data-testid="report-chart" data-drawn={drawn ? 'true' : 'false'} style={{ height: chartHeight(chart) }} />;
}
