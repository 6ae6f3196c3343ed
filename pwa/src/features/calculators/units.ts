export { CALCULATOR_UNITS, type CalculatorUnit } from '#core/dates/until-wording';
