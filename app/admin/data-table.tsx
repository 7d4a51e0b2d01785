import type { ReactNode } from "react";
import adminStyles from "./admin.module.css";
import styles from "./data-table.module.css";

export type Column<Row> = {
  label: string;
  /** the label is for assistive technology only (an actions column) */
  hideLabel?: boolean;
  mono?: boolean;
  cell: (row: Row) => ReactNode;
};

type Props<Row> = {
  label: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** the first column names the row (a <th scope="row">) */
  rowHeader?: boolean;
  rowData?: (row: Row) => Record<`data-${string}`, string>;
};

/**
 * An admin table: columns declared once give the header and each cell's label. On a phone each row
 * becomes a small card of "label: value" lines (admin.module.css), so every column, the actions
 * included, stays on screen without scrolling sideways. The explicit roles keep it a table for
 * assistive technology, which some browsers stop seeing once CSS changes a table's display.
 */
export function DataTable<Row>({ label, columns, rows, rowKey, rowHeader = false, rowData }: Props<Row>) {
  return (
    <table className={styles.table} aria-label={label} role="table">
      <thead role="rowgroup">
        <tr role="row">
          {columns.map((column) => (
            <th key={column.label} scope="col" role="columnheader">
              {column.hideLabel ? <span className="sr-only">{column.label}</span> : column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {rows.map((row) => (
          <tr key={rowKey(row)} role="row" {...rowData?.(row)}>
            {columns.map((column, index) => {
              // The font goes on the value, not the cell, whose label is shown beside it on a phone.
              const value = column.mono ? (
                <span className={adminStyles.mono}>{column.cell(row)}</span>
              ) : (
                column.cell(row)
              );
              const dataLabel = column.hideLabel ? undefined : column.label;
              return rowHeader && index === 0 ? (
                <th key={column.label} scope="row" role="rowheader">
                  {value}
                </th>
              ) : (
                <td key={column.label} role="cell" data-label={dataLabel}>
                  {value}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
