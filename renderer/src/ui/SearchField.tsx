import { useImperativeHandle, useRef, type InputHTMLAttributes, type Ref } from 'react';
import { IconSearch } from './icons';

// The terminal's search box: a magnifier, a search field and our own × (44 px, where the browser's
// is tiny) that empties it and gives the focus back. One markup for the catalog, the till and the
// till's customer list; `block` names its classes (`<block>`, `__icon`, `__field`, `__clear`).

export interface SearchFieldProps {
  block: 'catalog-search' | 'till-customer-search';
  value: string;
  onChange(value: string): void;
  label: string;
  placeholder: string;
  clearLabel: string;
  testId: string;
  clearTestId?: string;
  /** Added to the box's classes (`till-search`) and the field's (`input`). */
  className?: string;
  fieldClassName?: string;
  /** More attributes for the field (the scanner's opt-in). */
  fieldProps?: InputHTMLAttributes<HTMLInputElement> & { 'data-scanner'?: string };
  fieldRef?: Ref<HTMLInputElement>;
}

export function SearchField({
  block,
  value,
  onChange,
  label,
  placeholder,
  clearLabel,
  testId,
  clearTestId,
  className,
  fieldClassName,
  fieldProps,
  fieldRef,
}: SearchFieldProps) {
  const own = useRef<HTMLInputElement | null>(null);
  // The caller's ref gets the same field; React sets it (a prop is never written here).
  useImperativeHandle(fieldRef, () => own.current as HTMLInputElement, []);
  return (
    <div className={className ? `${block} ${className}` : block}>
      <IconSearch className={`${block}__icon`} />
      <input
        {...fieldProps}
        ref={own}
        type="search"
        className={fieldClassName ? `${fieldClassName} ${block}__field` : `${block}__field`}
        aria-label={label}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
      {value !== '' && (
        <button
          type="button"
          className={`${block}__clear`}
          aria-label={clearLabel}
          {...(clearTestId ? { 'data-testid': clearTestId } : {})}
          onClick={() => {
            onChange('');
            own.current?.focus();
          }}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}
