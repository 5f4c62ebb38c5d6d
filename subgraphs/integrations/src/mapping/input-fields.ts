import { astFromValue, getNamedType, type GraphQLInputObjectType, isEnumType, isInputObjectType, isNonNullType, valueFromASTUntyped } from 'graphql';
import type { InputFieldDescription } from './types.ts';

/** The fields a mapping to `target` can map, with the nested input objects' fields (an order's lines). */
export function inputFieldsOf(target: GraphQLInputObjectType): InputFieldDescription[] {
  return describeFields(target, new Set([target.name]));
}

/** `enclosing`: the input types around these fields, not described again inside themselves (a recursive input type). */
function describeFields(type: GraphQLInputObjectType, enclosing: ReadonlySet<string>): InputFieldDescription[] {
  return Object.values(type.getFields()).map((field) => {
    const description: InputFieldDescription = {
      name: field.name,
      type: String(field.type),
      required: isNonNullType(field.type) && field.defaultValue === undefined,
      description: field.description ?? null,
    };
    if (field.defaultValue !== undefined) {
      // The default as it would be written in a request (an enum's name, not its internal value).
      const literal = astFromValue(field.defaultValue, field.type);
      description.default_value = literal ? valueFromASTUntyped(literal) : null;
    }
    const named = getNamedType(field.type);
    if (isEnumType(named)) description.enum_values = named.getValues().map((value) => value.name);
    if (isInputObjectType(named) && !enclosing.has(named.name)) description.fields = describeFields(named, new Set([...enclosing, named.name]));
    return description;
  });
}
